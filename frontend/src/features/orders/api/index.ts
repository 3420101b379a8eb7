export { orderKeys } from "./keys";
export { getOrders, badgeQueryOptions } from "./badge";
export { getOrderDetail, useOrderDetail, getRefunds, pick, pickBatch, usePick, usePickBatch } from "./orders";
export type * from "./types";
