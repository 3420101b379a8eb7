import { TermsLink } from "@/components/ui/TermsLink";
import { RechargeMethods } from "@/features/wallet";

/** /recharge: the deposit methods (chain deposit, manual bank card deposit); then the way to the terms. */
export default function RechargeScreen() {
  return (
    <>
      <RechargeMethods />
      <TermsLink />
    </>
  );
}
