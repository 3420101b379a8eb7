import type { QueryKey } from "@tanstack/react-query";
import { useMoneyMutation } from "@/hooks/useMoneyMutation";
import { api, type Answer } from "@/lib/api";
import type { LevelUpgradeAnswer, LevelUpgradeInput } from "./types";

/** POST index/level_upgrade: pays the difference to the target level (payment password checked on the server). */
export function levelUpgrade(input: LevelUpgradeInput, idempotencyKey: string): Promise<Answer<LevelUpgradeAnswer>> {
  return api.postAnswer("index/level_upgrade", input, { idempotencyKey });
}

/**
 * One Idempotency-Key per submit, the same one when the merchant submits again after a lost answer. A new level
 * changes the balance and the level (moneyKeys) and other features' data: the level list and every purchase price,
 * whose keys the screen composing the two gives (`invalidates`). They are read again after a refusal too: it may
 * mean the level list is out of date ("the terms of this level have changed"), so the merchant sees the terms in force.
 */
export const useLevelUpgrade = (invalidates: readonly QueryKey[]) => useMoneyMutation(levelUpgrade, { invalidates });
