import { useMoneyMutation } from "@/hooks/useMoneyMutation";
import { api, type Answer } from "@/lib/api";
import type { Deposit, RechargeInput } from "./types";

/** POST merchant/recharge: a chain or bank card deposit request (pending until verified or approved). */
export function recharge(input: RechargeInput, idempotencyKey: string): Promise<Answer<Deposit>> {
  return api.postAnswer("merchant/recharge", input, { idempotencyKey });
}

// One Idempotency-Key per submit, the same one when the merchant submits again after a lost answer. The deposit
// records change (the wallet's, in moneyKeys).
export const useRecharge = () => useMoneyMutation(recharge, { invalidates: [] });
