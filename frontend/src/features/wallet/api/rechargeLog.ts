import { api } from "@/lib/api";

/** GET merchant/recharge_log: the merchant's deposits, newest first, paged. */
export const getRechargeLog = (page: number, limit: number, signal?: AbortSignal) =>
  api.get("merchant/recharge_log", { page, limit }, signal);
