import { PurchaseRecords } from "@/features/promotion";

/** /buyTrainBill: the promotion purchase records (type, time, amount). */
export default function BuyTrainBillScreen() {
  return <PurchaseRecords />;
}
