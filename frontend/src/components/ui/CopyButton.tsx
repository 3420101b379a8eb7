import type { MouseEvent } from "react";
import { Button } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { copyText } from "@/lib/clipboard";
import { toast } from "@/lib/toast";
import { uiMessages } from "./messages";

/** Copies `text` and says "Copy successful" (or how to copy by hand). */
export function CopyButton({ text }: { text: string }) {
  const intl = useIntl();
  const copy = async (event: MouseEvent) => {
    event.stopPropagation(); // on a card that opens on a tap, the copy is all the tap does
    const done = await copyText(text);
    if (done) toast.success(intl.formatMessage(uiMessages.copied));
    else toast.fail(intl.formatMessage(uiMessages.copyFailed));
  };
  return (
    <Button size="mini" color="primary" fill="outline" onClick={(event) => void copy(event)} data-testid="copy">
      <FormattedMessage {...uiMessages.copy} />
    </Button>
  );
}
