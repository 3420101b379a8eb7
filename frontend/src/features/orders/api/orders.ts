import { useQuery } from "@tanstack/react-query";
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

/** POST order/pick: pays one order's cost from the balance (payment password checked on the server). */
export function pick(input: PickInput, idempotencyKey: string): Promise<Answer<OrderListPage["list"][number]>> {
  return api.postAnswer("order/pick", input, { idempotencyKey });
}

/** POST order/pick_batch: picks up the given orders or all awaiting pickup, oldest first, each all or nothing. */
export function pickBatch(input: PickBatchInput, idempotencyKey: string): Promise<Answer<PickBatchAnswer>> {
  return api.postAnswer("order/pick_batch", input, { idempotencyKey });
}

// The screens show a rejection themselves (an insufficient balance offers a deposit), so no toast from the client.
// A pickup moves money and orders: the order lists, details and the Order tab's badge are read again (orderKeys.all).
export const usePick = () => useMoneyMutation(pick, { meta: { toast: false }, invalidates: [orderKeys.all] });

export const usePickBatch = () => useMoneyMutation(pickBatch, { meta: { toast: false }, invalidates: [orderKeys.all] });
