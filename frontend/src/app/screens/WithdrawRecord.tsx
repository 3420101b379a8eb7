import { EmptyState } from "@/components/ui/EmptyState";

/** /withdrawRecord: not built yet (placeholder until its feature lands). */
export default function WithdrawRecordScreen() {
  return <EmptyState />;
}
