import { EmptyState } from "@/components/ui/EmptyState";

/** /my: not built yet (placeholder until its feature lands). */
export default function MyScreen() {
  return <EmptyState />;
}
