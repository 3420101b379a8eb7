import { EmptyState } from "@/components/ui/EmptyState";

/** /withdraw: not built yet (placeholder until its feature lands). */
export default function WithdrawScreen() {
  return <EmptyState />;
}
