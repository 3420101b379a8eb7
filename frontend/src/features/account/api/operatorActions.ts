import { api } from "@/lib/api";

/**
 * GET merchant/operator_actions: the account history, what operators did to the merchant's account, money, shop or
 * listings, newest first, one page: when, what (in the merchant's language), the reason, a second operator's approval.
 */
export const getOperatorActions = (page: number, limit: number, signal?: AbortSignal) =>
  api.get("merchant/operator_actions", { page, limit }, signal);
