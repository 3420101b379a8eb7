import { EmptyState } from "@/components/ui/EmptyState";

/** /goodsDetail: not built yet (placeholder until its feature lands). */
export default function GoodsDetailScreen() {
  return <EmptyState />;
}
