import { EmptyState } from "@/components/ui/EmptyState";

/** /baseinfo: not built yet (placeholder until its feature lands). */
export default function BaseinfoScreen() {
  return <EmptyState />;
}
