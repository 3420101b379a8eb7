import { EmptyState } from "@/components/ui/EmptyState";

/** /product: not built yet (placeholder until its feature lands). */
export default function ProductScreen() {
  return <EmptyState />;
}
