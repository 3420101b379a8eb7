import { Tag } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { uiMessages } from "./messages";

/** The mark on an entry (a link, a shortcut) to a screen that is not built yet (soonPaths.ts). */
export function SoonTag() {
  return (
    <Tag color="default" fill="outline" className="soon-tag" data-testid="soon-tag">
      <FormattedMessage {...uiMessages.soon} />
    </Tag>
  );
}
