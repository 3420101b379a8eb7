import { FloatingBubble } from "antd-mobile";
import { UpOutline } from "antd-mobile-icons";
import { useIntl } from "react-intl";
import { uiMessages } from "./messages";

/** The bubble of ScrollToTop, its own chunk: FloatingBubble brings its gesture and spring libraries. */
export default function ScrollToTopBubble() {
  const intl = useIntl();
  return (
    <FloatingBubble
      axis="xy"
      magnetic="x"
      style={{ "--initial-position-bottom": "80px", "--initial-position-right": "16px", "--size": "44px" }}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
    >
      <UpOutline fontSize={22} aria-label={intl.formatMessage(uiMessages.backToTop)} />
    </FloatingBubble>
  );
}
