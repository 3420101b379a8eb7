import { api, type ListPage } from "@/lib/api";
import type { Deposit } from "./types";

/** GET merchant/recharge_log: the merchant's deposits, newest first, paged. */
export const getRechargeLog = (page: number, limit: number, signal?: AbortSignal) =>
  api.get<ListPage<Deposit>>("merchant/recharge_log", { page, limit }, signal);
