import { EmptyState } from "@/components/ui/EmptyState";

/** /order: not built yet (placeholder until its feature lands). */
export default function OrderScreen() {
  return <EmptyState />;
}
