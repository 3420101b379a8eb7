import { WithdrawalRecords } from "@/features/wallet";

/** /withdrawRecord: the withdrawal records. */
export default function WithdrawRecordScreen() {
  return <WithdrawalRecords />;
}
