import { EmptyState } from "@/components/ui/EmptyState";

/** /buyTrainBill: not built yet (placeholder until its feature lands). */
export default function BuyTrainBillScreen() {
  return <EmptyState />;
}
