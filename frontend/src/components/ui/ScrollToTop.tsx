import { useEffect, useState } from "react";
import { FloatingBubble } from "antd-mobile";
import { UpOutline } from "antd-mobile-icons";
import { useIntl } from "react-intl";
import { uiMessages } from "./messages";

const OFFSET = 20;

/**
 * Appears once the page is scrolled past 20 px, on pages at least two windows long (on a shorter page the top is
 * one swipe away and the bubble would only cover the last items); scrolls smoothly back to the top.
 */
export function ScrollToTop() {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () =>
      setVisible(window.scrollY > OFFSET && document.documentElement.scrollHeight >= 2 * window.innerHeight);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
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
