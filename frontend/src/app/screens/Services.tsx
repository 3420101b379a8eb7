import { EmptyState } from "@/components/ui/EmptyState";

/** /services: not built yet (placeholder until its feature lands). */
export default function ServicesScreen() {
  return <EmptyState />;
}
