import type { ReactNode } from "react";
import { GlobalOutline, MailOutline, PhoneFill, SendOutline } from "antd-mobile-icons";
import type { SupportLinkKind } from "../api/types";

/** Each kind of support link: its icon and colour. */
export const KIND_LOOK: Record<SupportLinkKind, { icon: ReactNode; color: string }> = {
  telegram: { icon: <SendOutline />, color: "#229ed9" },
  whatsapp: { icon: <PhoneFill />, color: "#25d366" },
  email: { icon: <MailOutline />, color: "#fa8c16" },
  web: { icon: <GlobalOutline />, color: "#1677ff" },
};

/** A link the app may open: the server accepts only these schemes; the app checks again before rendering a link. */
export function isSafeSupportUrl(url: string): boolean {
  return /^(https:\/\/|tg:|mailto:)/i.test(url.trim());
}
