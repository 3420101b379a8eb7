import { walletRootKey } from "@/lib/merchant";
import type { BillTab } from "./types";

/**
 * Query keys of the wallet feature: `invalidateQueries({queryKey: walletKeys.all})` refreshes its forms and records
 * (the balance card reads the merchant summary, lib/merchant, under its own key). Every money move does that
 * (lib/merchant `moneyKeys`, read again by useMoneyMutation).
 */
export const walletKeys = {
  all: walletRootKey,
  depositOptions: () => [...walletKeys.all, "depositOptions"] as const,
  deposits: () => [...walletKeys.all, "deposits"] as const,
  extractForm: () => [...walletKeys.all, "extractForm"] as const,
  feePreview: (amount: string) => [...walletKeys.all, "feePreview", amount] as const,
  destinations: () => [...walletKeys.all, "destinations"] as const,
  withdrawals: () => [...walletKeys.all, "withdrawals"] as const,
  bill: (tab: BillTab) => [...walletKeys.all, "bill", tab] as const,
};
