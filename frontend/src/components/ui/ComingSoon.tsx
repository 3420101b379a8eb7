import { ErrorBlock } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { uiMessages } from "./messages";

/** The screen of a feature that is not built yet (soonPaths.ts lists them). */
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
