import { EmptyState } from "@/components/ui/EmptyState";

/** /socialmedia: not built yet (placeholder until its feature lands). */
export default function SocialmediaScreen() {
  return <EmptyState />;
}
