import type { ReactNode } from "react";
import "./account.css";

/**
 * The parts of the account screens (app/screens: Code, the password screens) that are drawn by the screen itself.
 * They come from here, with the stylesheet that draws them, so that a screen opened directly has its padding too.
 */

/** The title (optional) and explanation at the top of an account screen. */
export function AccountIntro({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <div className="account-intro">
      {title && <h2>{title}</h2>}
      <p>{children}</p>
    </div>
  );
}

/** A centred line of text and links under a form ("Have an account? Sign in"). */
export function AccountLinks({ children }: { children: ReactNode }) {
  return <div className="account-links">{children}</div>;
}

/** A padded result (antd-mobile's Result and what follows it) in place of a form. */
export function AccountResult({ children }: { children: ReactNode }) {
  return <div className="account-result">{children}</div>;
}
