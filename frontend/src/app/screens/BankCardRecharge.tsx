import { BankDeposit } from "@/features/wallet";

/** /bankCardRecharge: the platform's bank details and the bank card deposit form. */
export default function BankCardRechargeScreen() {
  return <BankDeposit />;
}
