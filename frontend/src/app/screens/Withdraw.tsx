import { TermsLink } from "@/components/ui/TermsLink";
import { MoneyLockBanner } from "@/features/account";
import { WithdrawForm } from "@/features/wallet";

/** /withdraw: the withdrawal form with the fee rule, the server's fee preview and the payment password; then the way
 * to the terms (the fee rule's history and announced changes). */
export default function WithdrawScreen() {
  return (
    <>
      <MoneyLockBanner />
      <WithdrawForm />
      <TermsLink />
    </>
  );
}
