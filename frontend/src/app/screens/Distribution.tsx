import { EmptyState } from "@/components/ui/EmptyState";

/** /distribution: not built yet (placeholder until its feature lands). */
export default function DistributionScreen() {
  return <EmptyState />;
}
