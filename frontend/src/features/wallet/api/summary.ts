import { useQuery } from "@tanstack/react-query";
import { merInfoQueryOptions, type MerchantInfo } from "@/lib/merchant";
import type { WalletSummary } from "./types";

/** The wallet figures (balance, total income, held for withdrawals, sales awaiting settlement) of the merchant summary (GET merchant/getMerInfo). */
export const toWalletSummary = (info: MerchantInfo): WalletSummary => ({
  balance: info.balance,
  total_income: info.total_income,
  held_amount: info.held_amount,
  pending_sales: info.pending_sales,
});

/** Reads the one merchant summary query (lib/merchant), so My's header and wallet card share one request. */
export const useWalletSummary = () =>
  useQuery({
    ...merInfoQueryOptions(),
    select: toWalletSummary,
    // Deposits are credited by operators outside the app: refresh when the merchant comes back to the tab.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
