import { api, type ListPage } from "@/lib/api";
import type { Withdrawal } from "./types";

/** GET merchant/extract_log: the merchant's withdrawals, newest first, paged. */
export const getExtractLog = (page: number, limit: number, signal?: AbortSignal) =>
  api.get<ListPage<Withdrawal>>("merchant/extract_log", { page, limit }, signal);
