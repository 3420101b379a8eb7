import { EmptyState } from "@/components/ui/EmptyState";

/** /changePayPassword: not built yet (placeholder until its feature lands). */
export default function ChangePayPasswordScreen() {
  return <EmptyState />;
}
