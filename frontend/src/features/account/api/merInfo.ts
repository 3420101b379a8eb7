import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { updateSession } from "@/lib/session";
import { accountKeys } from "./keys";
import type { MerchantInfo } from "./types";

/** The pattern for a read endpoint: a fetcher, its queryOptions (for prefetching, loaders) and a hook. */
export async function getMerInfo(signal?: AbortSignal): Promise<MerchantInfo> {
  const merInfo = await api.get<MerchantInfo>("merchant/getMerInfo", undefined, signal);
  updateSession({ merInfo }); // the session keeps the latest merchant summary (MerInfo)
  return merInfo;
}

export const merInfoQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.merInfo(), queryFn: ({ signal }) => getMerInfo(signal) });

export function useMerInfo() {
  return useQuery(merInfoQueryOptions());
}
