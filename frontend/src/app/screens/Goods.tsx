import { EmptyState } from "@/components/ui/EmptyState";

/** /goods: not built yet (placeholder until its feature lands). */
export default function GoodsScreen() {
  return <EmptyState />;
}
