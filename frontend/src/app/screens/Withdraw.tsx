import { WithdrawForm } from "@/features/wallet";

/** /withdraw: the withdrawal form with the fee rule, the server's fee preview and the payment password. */
export default function WithdrawScreen() {
  return <WithdrawForm />;
}
