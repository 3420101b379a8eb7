import { defineMessages } from "react-intl";

/** Texts of the export action and its sheet (Funds records, Orders, Finance). */
export const exportMessages = defineMessages({
  action: { id: "export.action", defaultMessage: "Export", description: "Button on a records screen: download its records as a file" },
  title: { id: "export.title", defaultMessage: "Export records", description: "Title of the export sheet" },
  from: { id: "export.from", defaultMessage: "From", description: "Export sheet: the first date of the period" },
  to: { id: "export.to", defaultMessage: "To", description: "Export sheet: the last date of the period" },
  format: { id: "export.format", defaultMessage: "File format", description: "Export sheet: CSV or Excel" },
  csv: { id: "export.csv", defaultMessage: "CSV", description: "Export format: comma-separated values (opens in any spreadsheet)" },
  excel: { id: "export.excel", defaultMessage: "Excel", description: "Export format: an Excel workbook (.xlsx)" },
  hint: {
    id: "export.hint",
    defaultMessage: "Dates are in your shop's time zone. A period covers at most one year.",
    description: "Export sheet: note under the dates",
  },
  download: { id: "export.download", defaultMessage: "Download", description: "Export sheet: button starting the download" },
  cancel: { id: "export.cancel", defaultMessage: "Cancel", description: "Export sheet: close without downloading" },
  confirm: { id: "export.confirm", defaultMessage: "OK", description: "Date picker of the export sheet: confirm the date" },
});
