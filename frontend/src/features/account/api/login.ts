import { useMutation } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { deviceKey } from "@/lib/session";
import type { LoginAnswer, LoginInput } from "./types";

/** The browser's IANA time zone: the shop's dates are counted in it until the merchant chooses another. */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** POST merchant/login: phone or email + password (and the device's time zone and key) -> data.merinfo (token +
 * merchant summary). */
export function login(input: LoginInput): Promise<Answer<LoginAnswer>> {
  return api.postAnswer("merchant/login", { time_zone: deviceTimeZone(), device: deviceKey(), ...input });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
