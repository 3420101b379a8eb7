import { lazy, Suspense, type ReactNode } from "react";

const PullToRefreshBody = lazy(() => import(/* webpackChunkName: "pull-to-refresh" */ "./PullToRefreshBody"));

/**
 * Pull down to refresh, for a screen whose first load must stay light (Home): the content draws at once, and the
 * pull gesture (antd-mobile's PullToRefresh with its gesture and animation libraries, about 30 KB) arrives in its own
 * chunk right after.
 */
export function LazyPullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <PullToRefreshBody onRefresh={onRefresh}>{children}</PullToRefreshBody>
    </Suspense>
  );
}
