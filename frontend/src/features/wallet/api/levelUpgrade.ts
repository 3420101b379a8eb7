import { useQueryClient } from "@tanstack/react-query";
import { useMoneyMutation } from "@/hooks/useMoneyMutation";
import { api, isAnswered, type Answer } from "@/lib/api";
import type { LevelUpgradeAnswer, LevelUpgradeInput } from "./types";

/** POST index/level_upgrade: pays the difference to the target level (payment password checked on the server). */
export function levelUpgrade(input: LevelUpgradeInput, idempotencyKey: string): Promise<Answer<LevelUpgradeAnswer>> {
  return api.postAnswer("index/level_upgrade", input, { idempotencyKey });
}

export function useLevelUpgrade() {
  const queryClient = useQueryClient();
  // One Idempotency-Key per submit, the same one when the merchant submits again after a lost answer.
  return useMoneyMutation(levelUpgrade, {
    // A new level changes the balance, the level list and every purchase price: refresh all kept screens.
    onSuccess: () => queryClient.invalidateQueries(),
    // A refusal may mean the level list is out of date (a version replaced since: "the terms of this level have
    // changed"): read it again, so the merchant sees the terms in force before trying again.
    onError: (error) => {
      if (isAnswered(error)) void queryClient.invalidateQueries();
    },
  });
}
