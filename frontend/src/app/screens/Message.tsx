import { EmptyState } from "@/components/ui/EmptyState";

/** /message: not built yet (placeholder until its feature lands). */
export default function MessageScreen() {
  return <EmptyState />;
}
