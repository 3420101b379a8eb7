import { EmptyState } from "@/components/ui/EmptyState";

/** /changeLoginPassword: not built yet (placeholder until its feature lands). */
export default function ChangeLoginPasswordScreen() {
  return <EmptyState />;
}
