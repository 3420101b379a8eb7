import { EmptyState } from "@/components/ui/EmptyState";

/** /home: not built yet (placeholder until its feature lands). */
export default function HomeScreen() {
  return <EmptyState />;
}
