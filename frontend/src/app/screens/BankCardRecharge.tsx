import { EmptyState } from "@/components/ui/EmptyState";

/** /bankCardRecharge: not built yet (placeholder until its feature lands). */
export default function BankCardRechargeScreen() {
  return <EmptyState />;
}
