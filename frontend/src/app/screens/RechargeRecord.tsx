import { EmptyState } from "@/components/ui/EmptyState";

/** /rechargeRecord: not built yet (placeholder until its feature lands). */
export default function RechargeRecordScreen() {
  return <EmptyState />;
}
