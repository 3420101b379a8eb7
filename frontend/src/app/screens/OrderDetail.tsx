import { EmptyState } from "@/components/ui/EmptyState";

/** /orderDetail: not built yet (placeholder until its feature lands). */
export default function OrderDetailScreen() {
  return <EmptyState />;
}
