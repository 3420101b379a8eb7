import { EmptyState } from "@/components/ui/EmptyState";

/** /refundRequest: not built yet (placeholder until its feature lands). */
export default function RefundRequestScreen() {
  return <EmptyState />;
}
