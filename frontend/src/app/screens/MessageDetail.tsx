import { EmptyState } from "@/components/ui/EmptyState";

/** /messageDetail: not built yet (placeholder until its feature lands). */
export default function MessageDetailScreen() {
  return <EmptyState />;
}
