import { EmptyState } from "@/components/ui/EmptyState";

/** /code: not built yet (placeholder until its feature lands). */
export default function CodeScreen() {
  return <EmptyState />;
}
