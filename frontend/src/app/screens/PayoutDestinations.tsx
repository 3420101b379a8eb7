import { PayoutDestinations } from "@/features/wallet";

/** /payoutDestinations: the bank cards and addresses withdrawals go to, with their cooling-off. */
export default function PayoutDestinationsScreen() {
  return <PayoutDestinations />;
}
