import { EmptyState } from "@/components/ui/EmptyState";

/** /finance: not built yet (placeholder until its feature lands). */
export default function FinanceScreen() {
  return <EmptyState />;
}
