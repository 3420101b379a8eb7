import type { BillTab } from "./types";

/** Query keys of the wallet feature: `invalidateQueries({queryKey: walletKeys.all})` refreshes every wallet figure. */
export const walletKeys = {
  all: ["wallet"] as const,
  summary: () => [...walletKeys.all, "summary"] as const,
  depositOptions: () => [...walletKeys.all, "depositOptions"] as const,
  deposits: () => [...walletKeys.all, "deposits"] as const,
  extractForm: () => [...walletKeys.all, "extractForm"] as const,
  feePreview: (amount: string) => [...walletKeys.all, "feePreview", amount] as const,
  withdrawals: () => [...walletKeys.all, "withdrawals"] as const,
  bill: (tab: BillTab) => [...walletKeys.all, "bill", tab] as const,
};
