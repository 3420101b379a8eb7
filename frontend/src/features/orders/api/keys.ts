import type { OrderTab, RefundTab } from "./types";

/** Query keys of the orders feature. A pickup (usePick, usePickBatch) and the Order screen's pull to refresh read
 * `orderKeys.all` again: the lists, the tab counts, the details, the refunds and the Order tab's badge. */
export const orderKeys = {
  all: ["orders"] as const,
  /** The pages of a tab's list (an infinite query). */
  list: (tab: OrderTab, keyword: string) => [...orderKeys.all, "list", tab, keyword] as const,
  /** The tab counts and the pick-all figures, which come with every page: read from the first page of "all". */
  counts: () => [...orderKeys.all, "counts"] as const,
  badge: () => [...orderKeys.all, "badge"] as const,
  detail: (id: number) => [...orderKeys.all, "detail", id] as const,
  refunds: (tab: RefundTab) => [...orderKeys.all, "refunds", tab] as const,
};
