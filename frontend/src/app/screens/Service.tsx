import { EmptyState } from "@/components/ui/EmptyState";

/** /service: not built yet (placeholder until its feature lands). */
export default function ServiceScreen() {
  return <EmptyState />;
}
