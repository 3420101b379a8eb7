import { DepositRecords } from "@/features/wallet";

/** /rechargeRecord: the deposit records. */
export default function RechargeRecordScreen() {
  return <DepositRecords />;
}
