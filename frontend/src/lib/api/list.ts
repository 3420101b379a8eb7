/** The list shape of every paged endpoint (api.md, Lists). */
export type ListPage<T> = { total: number; list: T[]; page: number; limit: number };

export const PAGE_SIZE = 20;

/** For useInfiniteQuery: the next page number, or undefined when every row is loaded. */
export function nextPageParam<T>(last: ListPage<T>): number | undefined {
  return last.page * last.limit < last.total ? last.page + 1 : undefined;
}
