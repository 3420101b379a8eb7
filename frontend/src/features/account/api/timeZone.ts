import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { updateSession } from "@/lib/session";
import { accountKeys } from "./keys";
import type { MerchantInfo } from "./types";

/** POST merchant/time_zone: the IANA zone the shop's dates are counted in; the server recounts the figures in it. */
export async function setTimeZone(time_zone: string): Promise<Answer<MerchantInfo>> {
  const answer = await api.postAnswer("merchant/time_zone", { time_zone });
  updateSession({ merInfo: answer.data });
  return answer;
}

export function useSetTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTimeZone,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(accountKeys.merInfo(), data);
      void queryClient.invalidateQueries(); // every date-based figure is counted anew
    },
  });
}
