import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { updateSession } from "@/lib/session";
import { accountKeys } from "./keys";
import type { AvatarInput, MerchantInfo } from "./types";

/**
 * POST merchant/avatar: the avatar becomes an image uploaded with common/upload (kind "avatar"), by its upload id;
 * "" removes it. The answer is the merchant summary (getMerInfo) with the new avatar.
 */
export async function setAvatar(input: AvatarInput): Promise<Answer<MerchantInfo>> {
  const answer = await api.postAnswer("merchant/avatar", input);
  updateSession({ merInfo: answer.data });
  return answer;
}

export function useSetAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvatar,
    // Every kept screen showing the merchant (My, Home, Personal info) shows the new avatar at once.
    onSuccess: ({ data }) => queryClient.setQueryData(accountKeys.merInfo(), data),
  });
}
