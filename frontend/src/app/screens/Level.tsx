import { EmptyState } from "@/components/ui/EmptyState";

/** /level: not built yet (placeholder until its feature lands). */
export default function LevelScreen() {
  return <EmptyState />;
}
