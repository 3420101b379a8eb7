import { EmptyState } from "@/components/ui/EmptyState";

/** /recharge: not built yet (placeholder until its feature lands). */
export default function RechargeScreen() {
  return <EmptyState />;
}
