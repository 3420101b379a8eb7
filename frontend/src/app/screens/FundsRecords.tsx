import { ExportButton } from "@/components/export/ExportButton";
import { FundsRecords } from "@/features/wallet";

/** /fundsRecords?type=all|recharge|withdraw|order: the funds records. */
export default function FundsRecordsScreen() {
  return (
    <>
      <ExportButton kind="funds" />
      <FundsRecords />
    </>
  );
}
