import { api } from "@/lib/api";

/** GET merchant/extract_log: the merchant's withdrawals, newest first, paged. */
export const getExtractLog = (page: number, limit: number, signal?: AbortSignal) =>
  api.get("merchant/extract_log", { page, limit }, signal);
