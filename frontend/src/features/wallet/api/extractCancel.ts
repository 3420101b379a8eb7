import { useMoneyMutation } from "@/hooks/useMoneyMutation";
import { api, type Answer } from "@/lib/api";
import type { Withdrawal } from "./types";

/**
 * POST merchant/extract_cancel: the merchant cancels a withdrawal still in review; its amount goes back to the
 * balance. No payment password (nothing leaves the balance); one Idempotency-Key per confirm, like every money move.
 */
export function cancelWithdrawal(id: number, idempotencyKey: string): Promise<Answer<Withdrawal>> {
  return api.postAnswer("merchant/extract_cancel", { id }, { idempotencyKey });
}

// The records, the balance card and the withdraw form change: what every money move changes (moneyKeys).
export const useCancelWithdrawal = () => useMoneyMutation(cancelWithdrawal, { invalidates: [] });
