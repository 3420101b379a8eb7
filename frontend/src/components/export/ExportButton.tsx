import { lazy, Suspense, useState } from "react";
import { Button } from "antd-mobile";
import { DownlandOutline } from "antd-mobile-icons";
import { FormattedMessage } from "react-intl";
import { exportMessages as m } from "./messages";
import "./export.css";

/** What a screen exports (merchant/export's `kind`). */
export type ExportKind = "funds" | "orders" | "finance";

const ExportSheet = lazy(() => import(/* webpackChunkName: "export-sheet" */ "./ExportSheet"));

/**
 * The "Export" action of a records screen (Funds records, Orders, Finance): opens the export sheet (its own chunk,
 * fetched on the first tap) with the period and the format, which starts the download.
 */
export function ExportButton({ kind }: { kind: ExportKind }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <div className="export-bar">
      <Button
        size="mini"
        fill="outline"
        color="primary"
        data-testid="export-button"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <DownlandOutline aria-hidden /> <FormattedMessage {...m.action} />
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ExportSheet kind={kind} visible={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
