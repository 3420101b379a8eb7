import { Button, ErrorBlock } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { isAnswered } from "@/lib/api";
import { uiMessages } from "./messages";

type Props = { error: unknown; onRetry: () => void };

/** A load that failed: what happened (the server's translated message when it answered one) and a way to retry.
 * Never "No records yet": a failed list is not an empty one. */
export function LoadFailed({ error, onRetry }: Props) {
  const answered = isAnswered(error) && error.msg;
  return (
    <ErrorBlock
      status={answered ? "default" : "disconnected"}
      title={<FormattedMessage {...uiMessages.loadFailed} />}
      description={answered ? error.msg : <FormattedMessage {...uiMessages.loadFailedHint} />}
      style={{ padding: "32px 16px" }}
      data-testid="load-failed"
    >
      <Button color="primary" fill="outline" onClick={onRetry} data-testid="load-retry">
        <FormattedMessage {...uiMessages.retry} />
      </Button>
    </ErrorBlock>
  );
}
