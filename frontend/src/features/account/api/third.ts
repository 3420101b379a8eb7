import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ThirdAnswer, ThirdInput } from "./types";

/** POST merchant/third: the partner's signed data, code and mer -> data.status, data.merinfo.token. */
export function thirdSignIn(input: ThirdInput): Promise<ThirdAnswer> {
  return api.post("merchant/third", input);
}

export function useThirdSignIn() {
  return useMutation({ mutationFn: thirdSignIn });
}
