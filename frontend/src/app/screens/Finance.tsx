import { ExportButton } from "@/components/export/ExportButton";
import { FinanceReport } from "@/features/figures";

/** /finance: the financial report of a period (all, yesterday, today, 7 days, 30 days) in the shop's time zone. */
export default function FinanceScreen() {
  return (
    <>
      <ExportButton kind="finance" />
      <FinanceReport />
    </>
  );
}
