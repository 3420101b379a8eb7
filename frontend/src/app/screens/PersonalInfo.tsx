import { EmptyState } from "@/components/ui/EmptyState";

/** /personalInfo: not built yet (placeholder until its feature lands). */
export default function PersonalInfoScreen() {
  return <EmptyState />;
}
