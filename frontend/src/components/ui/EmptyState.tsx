import { ErrorBlock } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { uiMessages } from "./messages";

/** "No records yet": an empty list or a screen without content. */
export function EmptyState({ description }: { description?: React.ReactNode }) {
  return (
    <ErrorBlock
      status="empty"
      title={<FormattedMessage {...uiMessages.noRecords} />}
      description={description ?? null}
      style={{ padding: "48px 0" }}
    />
  );
}
