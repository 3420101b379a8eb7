import type { ReactNode } from "react";
import { NavBar } from "antd-mobile";
import { useNavigate } from "react-router-dom";

/** Inner screens: a sticky NavBar with the title and a back arrow (to /home when there is no history). */
export function NavLayout({ title, right, children }: { title: ReactNode; right?: ReactNode; children: ReactNode }) {
  const navigate = useNavigate();
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate("/home", { replace: true }));
  return (
    <div className="nav-layout">
      <NavBar className="nav-layout-bar" onBack={back} right={right}>
        {title}
      </NavBar>
      <main className="nav-layout-body">{children}</main>
    </div>
  );
}
