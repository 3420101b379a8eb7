import { EmptyState } from "@/components/ui/EmptyState";

/** /register: not built yet (placeholder until its feature lands). */
export default function RegisterScreen() {
  return <EmptyState />;
}
