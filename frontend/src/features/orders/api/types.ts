/**
 * Shapes of the orders API: aliases of the types generated from the server's OpenAPI schema (`make schema`,
 * lib/api/types.ts). Money is a 2-decimal string, times are ISO 8601.
 */
import type { ApiBody, ApiData, Schemas } from "@/lib/api/types";

/** Order status codes (product.md 5.2): 0 awaiting payment, 5 awaiting pickup, 1 awaiting shipment, 2 shipped,
 * 3 received = pending settlement, 4 settled, -1 cancelled, -2 refunded. */
export type OrderStatus = Schemas["OrderStatusEnum"];
/** The order list's tab: all, or one status code. */
export type OrderTab = "all" | `${OrderStatus}`;
export type OrderSummary = Schemas["OrderSummary"];
export type OrderListPage = ApiData<"order/list">;
export type OrderDetail = ApiData<"order/detail">;
export type RefundStatus = Schemas["RefundStatusEnum"];
export type RefundTab = "all" | `${RefundStatus}`;
export type RefundItem = Schemas["RefundItem"];
export type PickInput = ApiBody<"order/pick">;
export type PickBatchInput = ApiBody<"order/pick_batch">;
export type PickBatchAnswer = ApiData<"order/pick_batch">;
