import type { ReactNode } from "react";
import { PullToRefresh } from "antd-mobile";

/** antd-mobile's PullToRefresh (with its gesture and animation libraries), in its own chunk: see LazyPullToRefresh. */
export default function PullToRefreshBody({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  return <PullToRefresh onRefresh={async () => void (await onRefresh())}>{children}</PullToRefresh>;
}
