import type { OrderTab, RefundTab } from "./types";

/** Query keys of the orders feature: `invalidateQueries({queryKey: orderKeys.all})` refreshes lists, details and the
 * Order tab's badge after a pickup. */
export const orderKeys = {
  all: ["orders"] as const,
  list: (tab: OrderTab, keyword: string) => [...orderKeys.all, "list", tab, keyword] as const,
  badge: () => [...orderKeys.all, "badge"] as const,
  detail: (id: number) => [...orderKeys.all, "detail", id] as const,
  refunds: (tab: RefundTab) => [...orderKeys.all, "refunds", tab] as const,
};
