import type { ReactNode } from "react";
import { useInfiniteQuery, type QueryKey } from "@tanstack/react-query";
import { InfiniteScroll, List } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { nextPageParam, PAGE_SIZE, type ListPage } from "@/lib/api";
import { EmptyState } from "./EmptyState";
import { LoadFailed } from "./LoadFailed";
import { uiMessages } from "./messages";

type Props<T> = {
  /** The feature's key of the list, e.g. orderKeys.list(tab, keyword): the query keeps every loaded page under it. */
  queryKey: QueryKey;
  /** The feature's fetcher for one page: ({page, limit}) -> {total, list, page, limit}. */
  fetchPage: (page: number, limit: number, signal: AbortSignal) => Promise<ListPage<T>>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
  limit?: number;
  header?: ReactNode;
  /** Said under "No records yet" when the list is empty. */
  empty?: ReactNode;
};

/** A paged list over {total, list, page, limit}: loads more on scroll, "No more" at the end, "No records yet" when
 * empty, and the failure with a retry when the first page could not be loaded (a later page: at the end). */
export function InfiniteList<T>({ queryKey, fetchPage, renderItem, itemKey, limit = PAGE_SIZE, header, empty }: Props<T>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, limit, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam<T>,
  });
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  if (query.isError && items.length === 0) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isSuccess && items.length === 0) return <EmptyState description={empty} />;
  return (
    <>
      {items.length > 0 && (
        <List header={header}>
          {items.map((item) => (
            <List.Item key={itemKey(item)}>{renderItem(item)}</List.Item>
          ))}
        </List>
      )}
      <InfiniteScroll
        hasMore={query.isPending || query.hasNextPage}
        loadMore={async () => {
          if (!query.isFetching) await query.fetchNextPage({ throwOnError: true });
        }}
      >
        {(hasMore, failed, retry) =>
          failed ? (
            <span className="list-load-failed">
              <FormattedMessage {...uiMessages.loadFailed} />
              <a role="button" onClick={() => void retry()}>
                <FormattedMessage {...uiMessages.retry} />
              </a>
            </span>
          ) : hasMore ? (
            <FormattedMessage {...uiMessages.loading} />
          ) : (
            <FormattedMessage {...uiMessages.noMore} />
          )
        }
      </InfiniteScroll>
    </>
  );
}
