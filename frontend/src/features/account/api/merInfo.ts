import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { updateSession, type MerInfo } from "@/lib/session";
import { accountKeys } from "./keys";

/** The pattern for a read endpoint: a fetcher, its queryOptions (for prefetching, loaders) and a hook. */
export async function getMerInfo(signal?: AbortSignal): Promise<MerInfo> {
  const merInfo = await api.get<MerInfo>("merchant/getMerInfo", undefined, signal);
  updateSession({ merInfo }); // the session keeps the latest merchant summary (MerInfo)
  return merInfo;
}

export const merInfoQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.merInfo(), queryFn: ({ signal }) => getMerInfo(signal) });

export function useMerInfo() {
  return useQuery(merInfoQueryOptions());
}
