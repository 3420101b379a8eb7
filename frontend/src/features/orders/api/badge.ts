import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { orderKeys } from "./keys";
import type { OrderListPage, OrderTab } from "./types";

// Light on purpose: the tab bar reads the badge on the app's first load (no component or money code here).

/** GET order/list: the shop's orders of a tab (all or one status), newest first, with every tab's count. */
export function getOrders(tab: OrderTab, keyword: string, page: number, limit: number, signal?: AbortSignal): Promise<OrderListPage> {
  return api.get("order/list", { status: tab, keyword, page, limit }, signal);
}

/** The Order tab's badge: the orders awaiting pickup, read as the spec does (status 5, page 1, limit 10: data.total).
 * The cache keeps the count (app/badges writes it to session state `total`). */
export const badgeQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.badge(),
    queryFn: async ({ signal }) => (await getOrders("5", "", 1, 10, signal)).total,
    refetchOnWindowFocus: "always",
  });
