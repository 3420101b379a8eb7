import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { deviceKey } from "@/lib/session";
import type { ThirdAnswer, ThirdInput } from "./types";

/** POST merchant/third: the partner's signed data, code and mer (and this browser's key) -> data.status,
 * data.merinfo.token. */
export function thirdSignIn(input: ThirdInput): Promise<ThirdAnswer> {
  return api.post("merchant/third", { device: deviceKey(), ...input });
}

export function useThirdSignIn() {
  return useMutation({ mutationFn: thirdSignIn });
}
