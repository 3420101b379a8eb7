import { EmptyState } from "@/components/ui/EmptyState";

/** /walletRecharge: not built yet (placeholder until its feature lands). */
export default function WalletRechargeScreen() {
  return <EmptyState />;
}
