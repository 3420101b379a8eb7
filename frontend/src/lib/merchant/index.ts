/**
 * The signed-in merchant's summary, GET merchant/getMerInfo: one fetcher and one query key for every feature that
 * shows part of it (the account's profile and shop header, the wallet's balance card). Each reads what it needs
 * with `select`, so the summary is fetched once and refreshed everywhere at once.
 */
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { Schemas } from "@/lib/api/types";
import { updateSession } from "@/lib/session";

/** getMerInfo `data` and login `data.merinfo` (without the token). Money fields are 2-decimal strings. */
export type MerchantInfo = Schemas["MerInfo"];

/**
 * The summary's query key. It sits under the account's keys (["account", ...]), so invalidating the account's
 * queries (after a profile or shop save) refreshes it too.
 */
export const merInfoKey = ["account", "merInfo"] as const;

/** The wallet's queries (funds, withdrawal and deposit records, the withdraw form's balance): features/wallet's
 * `walletKeys.all`, named here because every money move changes them, whichever feature makes it. */
export const walletRootKey = ["wallet"] as const;

/** What every money move changes (a pickup, a withdrawal, an upgrade...): the summary's balance and the wallet's records.
 * useMoneyMutation reads them again after each attempt, with the keys of the feature that made it. */
export const moneyKeys = [merInfoKey, walletRootKey] as const;

export async function getMerInfo(signal?: AbortSignal): Promise<MerchantInfo> {
  const merInfo = await api.get("merchant/getMerInfo", undefined, signal);
  updateSession({ merInfo }); // the session keeps the latest merchant summary (MerInfo)
  return merInfo;
}

export const merInfoQueryOptions = () =>
  queryOptions({ queryKey: merInfoKey, queryFn: ({ signal }) => getMerInfo(signal) });
