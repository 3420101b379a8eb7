import { useQuery } from "@tanstack/react-query";
import { getMerInfo, merInfoQueryOptions } from "@/lib/merchant";

/** The merchant summary's fetcher and query live in lib/merchant (the wallet shows part of it too). */
export { getMerInfo, merInfoQueryOptions };

export function useMerInfo() {
  return useQuery(merInfoQueryOptions());
}
