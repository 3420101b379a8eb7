import { lazy, Suspense, useState } from "react";
import { InformationCircleOutline } from "antd-mobile-icons";
import { useIntl, type MessageDescriptor } from "react-intl";
import { uiArgumentMessages } from "./messages";

// antd-mobile's Dialog comes with the first tap, not with Home's first load.
const FigureInfoDialog = lazy(() => import(/* webpackChunkName: "figure-info" */ "./FigureInfoDialog"));

type Props = {
  /** The figure's label: the explanation's title and the button's accessible name ("About Total sales"). */
  label: MessageDescriptor;
  /** One line: what the figure counts (product.md 11, its basis). */
  info: MessageDescriptor;
  className?: string;
};

/** A figure's info tap: a small (i) that opens the one-line explanation of what the figure counts. */
export function FigureInfo({ label, info, className }: Props) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false); // the dialog's chunk is fetched on the first tap
  const title = intl.formatMessage(label);
  return (
    <>
      <button
        type="button"
        className={["figure-info", className].filter(Boolean).join(" ")}
        aria-label={intl.formatMessage(uiArgumentMessages.figureInfo, { figure: title })}
        aria-haspopup="dialog"
        data-testid="figure-info"
        onClick={(event) => {
          event.stopPropagation(); // not the figure's own tap (the credit score's sheet, the orders)
          setOpened(true);
          setOpen(true);
        }}
      >
        <InformationCircleOutline aria-hidden />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <FigureInfoDialog open={open} title={title} text={intl.formatMessage(info)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
