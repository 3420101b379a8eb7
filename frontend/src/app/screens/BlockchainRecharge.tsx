import { EmptyState } from "@/components/ui/EmptyState";

/** /blockchainRecharge: not built yet (placeholder until its feature lands). */
export default function BlockchainRechargeScreen() {
  return <EmptyState />;
}
