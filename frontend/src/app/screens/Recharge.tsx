import { RechargeMethods } from "@/features/wallet";

/** /recharge: the deposit methods (chain deposit, manual bank card deposit). */
export default function RechargeScreen() {
  return <RechargeMethods />;
}
