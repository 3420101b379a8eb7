import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { walletKeys } from "./keys";
import type { WalletSummary } from "./types";

/** The wallet figures (balance, total income, pending amount) from GET merchant/getMerInfo. */
export async function getWalletSummary(signal?: AbortSignal): Promise<WalletSummary> {
  const info = await api.get<WalletSummary>("merchant/getMerInfo", undefined, signal);
  return { balance: info.balance, total_income: info.total_income, pending_amount: info.pending_amount };
}

export const walletSummaryQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.summary(),
    queryFn: ({ signal }) => getWalletSummary(signal),
    // Deposits are credited by operators outside the app: refresh when the merchant comes back to the tab.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export const useWalletSummary = () => useQuery(walletSummaryQueryOptions());
