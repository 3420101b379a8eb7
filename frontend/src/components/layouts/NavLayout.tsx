import type { ReactNode } from "react";
import { NavBar } from "antd-mobile";
import { LeftOutline } from "antd-mobile-icons";
import { useIntl } from "react-intl";
import { useNavigate } from "react-router-dom";
import { uiMessages } from "@/components/ui/messages";

/** Inner screens: a sticky NavBar with the title and a back arrow (to /home when there is no history). */
export function NavLayout({ title, right, children }: { title: ReactNode; right?: ReactNode; children: ReactNode }) {
  const navigate = useNavigate();
  const intl = useIntl();
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate("/home", { replace: true }));
  return (
    <div className="nav-layout">
      {/* antd-mobile's back area is a role="button" named by its content: the arrow says what it does. */}
      <NavBar
        className="nav-layout-bar"
        onBack={back}
        backIcon={<LeftOutline role="img" aria-label={intl.formatMessage(uiMessages.back)} />}
        right={right}
      >
        {title}
      </NavBar>
      <main className="nav-layout-body">{children}</main>
    </div>
  );
}
