import { EmptyState } from "@/components/ui/EmptyState";

/** /alliance: not built yet (placeholder until its feature lands). */
export default function AllianceScreen() {
  return <EmptyState />;
}
