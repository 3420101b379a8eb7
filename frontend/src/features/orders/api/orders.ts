import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMoneyMutation } from "@/hooks/useMoneyMutation";
import { api, type Answer } from "@/lib/api";
import { orderKeys } from "./keys";
import type { OrderDetail, OrderListPage, PickBatchAnswer, PickBatchInput, PickInput, RefundTab } from "./types";


/** GET order/detail?id=: one order with lines, address, tracking, history, refunds and deadlines. */
export function getOrderDetail(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return api.get("order/detail", { id }, signal);
}

export function useOrderDetail(id: number) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrderDetail(id, signal),
    enabled: id > 0,
  });
}

/** GET merchant/refund_order: the refund requests of the shop's orders, newest first. */
export function getRefunds(tab: RefundTab, page: number, limit: number, signal?: AbortSignal) {
  return api.get("merchant/refund_order", { ...(tab === "all" ? {} : { status: Number(tab) as 0 | 1 | 2 }), page, limit }, signal);
}

/** A pickup moves money and an order: afterwards every order screen, the badge and the balance are read again. Not
 * awaited: the screen's own callbacks (the toast, the result sheet) come first, before the refreshed list replaces the
 * card whose button asked (TanStack Query skips the callbacks of an unmounted caller). */
function useRefreshAfterPickup() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries();
  };
}

/** POST order/pick: pays one order's cost from the balance (payment password checked on the server). */
export function pick(input: PickInput, idempotencyKey: string): Promise<Answer<OrderListPage["list"][number]>> {
  return api.postAnswer("order/pick", input, { idempotencyKey });
}

/** POST order/pick_batch: picks up the given orders or all awaiting pickup, oldest first, each all or nothing. */
export function pickBatch(input: PickBatchInput, idempotencyKey: string): Promise<Answer<PickBatchAnswer>> {
  return api.postAnswer("order/pick_batch", input, { idempotencyKey });
}

// The screens show a rejection themselves (an insufficient balance offers a deposit), so no toast from the client.
export function usePick() {
  const refresh = useRefreshAfterPickup();
  return useMoneyMutation(pick, { meta: { toast: false }, onSettled: refresh });
}

export function usePickBatch() {
  const refresh = useRefreshAfterPickup();
  return useMoneyMutation(pickBatch, { meta: { toast: false }, onSettled: refresh });
}
