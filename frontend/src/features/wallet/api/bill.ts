import { api } from "@/lib/api";
import type { BillTab } from "./types";

/** GET merchant/bill: the funds records (ledger lines of the balance) of one tab, with the balance after each. */
export const getBill = (type: BillTab, page: number, limit: number, signal?: AbortSignal) =>
  api.get("merchant/bill", { type, page, limit }, signal);
