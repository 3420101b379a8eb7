import { useInfiniteQuery } from "@tanstack/react-query";
import { api, nextPageParam, PAGE_SIZE } from "@/lib/api";
import { allianceKeys } from "./keys";
import type { AllianceMember, CoalitionPage } from "./types";

/** GET index/coalition: one page of members, with the invitation, the rate and the totals on every page. */
export function getCoalition(page: number, limit: number, signal?: AbortSignal): Promise<CoalitionPage> {
  return api.get("index/coalition", { page, limit }, signal);
}

/** The coalition pages. The members list (InfiniteList, same key and fetcher) and the invitation card share this one
 * query: the first page answers both, and the list's later pages are fetched once. */
export const coalitionQuery = {
  queryKey: allianceKeys.coalition(),
  fetchPage: (page: number, limit: number, signal: AbortSignal) => getCoalition(page, limit, signal),
};

export function useCoalition() {
  return useInfiniteQuery({
    queryKey: coalitionQuery.queryKey,
    queryFn: ({ pageParam, signal }) => coalitionQuery.fetchPage(pageParam, PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam<AllianceMember>,
  });
}
