import { EmptyState } from "@/components/ui/EmptyState";

/** /fundsRecords: not built yet (placeholder until its feature lands). */
export default function FundsRecordsScreen() {
  return <EmptyState />;
}
