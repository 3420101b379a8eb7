import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Skeleton } from "antd-mobile";
import { LoadFailed } from "./LoadFailed";

type Fallback = {
  query: Pick<UseQueryResult, "isError" | "error" | "refetch">;
  /** Lines of the skeleton shown while loading. */
  lines?: number;
};

/** What shows until a query has data: a skeleton while it loads, or the failure with a retry. */
export function QueryFallback({ query, lines = 8 }: Fallback) {
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return <Skeleton.Paragraph lineCount={lines} animated style={{ padding: 16 }} />;
}

/** A screen's data in its three states: loading, failed (why, and a retry), or loaded. Data already shown stays
 * when a later refresh fails. */
export function QueryState<T>({ query, lines, children }: Fallback & { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  return query.data !== undefined ? <>{children(query.data)}</> : <QueryFallback query={query} lines={lines} />;
}
