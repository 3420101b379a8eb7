import { useState } from "react";
import { Button, DatePicker, List, Popup, Selector } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { api, isAnswered } from "@/lib/api";
import { toast } from "@/lib/toast";
import type { ExportKind } from "./ExportButton";
import { exportMessages as m } from "./messages";
import "./ExportSheet.css";

type Format = "csv" | "xlsx";
type Props = { kind: ExportKind; visible: boolean; onClose: () => void };

/** A local date as the API takes it: YYYY-MM-DD. */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * ExportButton's sheet, its own chunk: the period (this month by default) and the format; "Download" asks
 * merchant/export for a short-lived link and opens it, which the browser saves (Content-Disposition: attachment).
 */
export default function ExportSheet({ kind, visible, onClose }: Props) {
  const intl = useIntl();
  const today = new Date();
  const [start, setStart] = useState(() => new Date(today.getFullYear(), today.getMonth(), 1));
  const [end, setEnd] = useState(today);
  const [format, setFormat] = useState<Format>("csv");
  const [picking, setPicking] = useState<"start" | "end" | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const link = await api.post("merchant/export", { kind, start: isoDate(start), end: isoDate(end), format });
      onClose();
      window.location.assign(link.url);
    } catch (error) {
      if (isAnswered(error)) toast.fail(error.msg);
      else throw error;
    } finally {
      setBusy(false);
    }
  };

  const picked = picking === "start" ? start : end;
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: "12px 12px 0 0" }}>
      <div className="export-sheet" data-testid="export-sheet">
        <div className="export-sheet-title">
          <FormattedMessage {...m.title} />
        </div>
        <List>
          <List.Item extra={intl.formatDate(start)} onClick={() => setPicking("start")} data-testid="export-from">
            <FormattedMessage {...m.from} />
          </List.Item>
          <List.Item extra={intl.formatDate(end)} onClick={() => setPicking("end")} data-testid="export-to">
            <FormattedMessage {...m.to} />
          </List.Item>
        </List>
        <div className="export-sheet-hint">
          <FormattedMessage {...m.hint} />
        </div>
        <div className="export-sheet-format">
          <Selector<Format>
            columns={2}
            value={[format]}
            onChange={(values) => values[0] && setFormat(values[0])}
            aria-label={intl.formatMessage(m.format)}
            options={[
              { label: intl.formatMessage(m.csv), value: "csv" },
              { label: intl.formatMessage(m.excel), value: "xlsx" },
            ]}
          />
        </div>
        <div className="export-sheet-actions">
          <Button onClick={onClose}>
            <FormattedMessage {...m.cancel} />
          </Button>
          <Button color="primary" loading={busy} onClick={() => void download()} data-testid="export-download">
            <FormattedMessage {...m.download} />
          </Button>
        </div>
      </div>
      <DatePicker
        visible={picking !== null}
        value={picked}
        min={picking === "end" ? start : new Date(end.getTime() - YEAR_MS)}
        max={picking === "start" ? end : today}
        precision="day"
        confirmText={intl.formatMessage(m.confirm)}
        cancelText={intl.formatMessage(m.cancel)}
        onClose={() => setPicking(null)}
        onConfirm={(date) => (picking === "start" ? setStart(date) : setEnd(date))}
      />
    </Popup>
  );
}
