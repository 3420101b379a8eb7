import { Button } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { copyText } from "@/lib/clipboard";
import { toast } from "@/lib/toast";
import { walletMessages as m } from "./messages";

/** Copies `text` and says "Copy successful". */
export function CopyButton({ text }: { text: string }) {
  const intl = useIntl();
  const copy = async () => {
    const done = await copyText(text);
    if (done) toast.success(intl.formatMessage(m.copied));
    else toast.fail(intl.formatMessage(m.copyFailed));
  };
  return (
    <Button size="mini" color="primary" fill="outline" onClick={() => void copy()}>
      <FormattedMessage {...m.copy} />
    </Button>
  );
}
