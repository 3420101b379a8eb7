import { AccountHistory } from "@/features/account";

/** /accountHistory: the operator actions on the merchant's account, money, shop or products, with their reasons. */
export default function AccountHistoryScreen() {
  return <AccountHistory />;
}
