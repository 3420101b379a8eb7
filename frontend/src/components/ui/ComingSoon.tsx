import { ErrorBlock, Tag } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { uiMessages } from "./messages";

/**
 * The screens whose feature is not built yet. Each says so (never "No records yet", which a merchant reads as "you
 * have no orders"), and so does every entry to it. A path leaves this list when its feature lands.
 */
export const COMING_SOON = new Set([
  "/order",
  "/orderDetail",
  "/refundRequest",
  "/finance",
  "/message",
  "/messageDetail",
  "/alliance",
  "/storeExpress",
  "/buyTrainBill",
  "/service",
  "/services",
]);

export const isComingSoon = (path: string): boolean => COMING_SOON.has(path);

/** The screen of a feature that is not built yet. */
export function ComingSoon() {
  return (
    <ErrorBlock
      status="busy"
      title={<FormattedMessage {...uiMessages.comingSoon} />}
      description={<FormattedMessage {...uiMessages.comingSoonHint} />}
      style={{ padding: "48px 16px" }}
      data-testid="coming-soon"
    />
  );
}

/** The mark on an entry (a link, a shortcut, a tab) to a screen that is not built yet. */
export function SoonTag() {
  return (
    <Tag color="default" fill="outline" className="soon-tag" data-testid="soon-tag">
      <FormattedMessage {...uiMessages.soon} />
    </Tag>
  );
}
