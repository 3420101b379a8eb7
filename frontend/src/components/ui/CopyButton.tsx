import type { MouseEvent } from "react";
import { Button } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { copyText } from "@/lib/clipboard";
import { toast } from "@/lib/toast";
import { uiMessages } from "./messages";
import "./copy-button.css";

/** Two overlapping sheets: the copy glyph (antd-mobile-icons has none). */
function CopyGlyph() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.4" aria-hidden>
      <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
      <path d="M3.5 10.5h-.5a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1h6.5a1 1 0 0 1 1 1v.5" />
    </svg>
  );
}

/** Copies `text` and says "Copy successful" (or how to copy by hand). `compact`: the glyph alone (named "Copy" for
 * screen readers), beside a number in a tight row (an order card's head), where the word would push it to two lines. */
export function CopyButton({ text, compact }: { text: string; compact?: boolean }) {
  const intl = useIntl();
  const copy = async (event: MouseEvent) => {
    event.stopPropagation(); // on a card that opens on a tap, the copy is all the tap does
    const done = await copyText(text);
    if (done) toast.success(intl.formatMessage(uiMessages.copied));
    else toast.fail(intl.formatMessage(uiMessages.copyFailed));
  };
  if (compact)
    return (
      <Button
        className="copy-button-compact"
        size="mini"
        color="primary"
        fill="none"
        aria-label={intl.formatMessage(uiMessages.copy)}
        onClick={(event) => void copy(event)}
        data-testid="copy"
      >
        <CopyGlyph />
      </Button>
    );
  return (
    <Button size="mini" color="primary" fill="outline" onClick={(event) => void copy(event)} data-testid="copy">
      <FormattedMessage {...uiMessages.copy} />
    </Button>
  );
}
