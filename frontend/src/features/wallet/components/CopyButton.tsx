import { Button, Toast } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { copyText } from "@/lib/clipboard";
import { walletMessages as m } from "./messages";

/** Copies `text` and says "Copy successful". */
export function CopyButton({ text }: { text: string }) {
  const intl = useIntl();
  const copy = async () => {
    const done = await copyText(text);
    Toast.show({ icon: done ? "success" : "fail", content: intl.formatMessage(done ? m.copied : m.copyFailed) });
  };
  return (
    <Button size="mini" color="primary" fill="outline" onClick={() => void copy()}>
      <FormattedMessage {...m.copy} />
    </Button>
  );
}
