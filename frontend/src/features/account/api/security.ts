import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { deviceKey } from "@/lib/session";
import { accountKeys } from "./keys";
import type { LoginAnswer, LoginFactorInput, RecoveryCodesAnswer, SecurityState, TotpStartAnswer } from "./types";

/** POST merchant/login_factor: the sign-in's second step (the ticket login or third answered, and a code of the
 * authenticator app or a recovery code) from this browser -> data.merinfo, like a successful login. */
export function loginFactor(input: Omit<LoginFactorInput, "device">): Promise<Answer<LoginAnswer>> {
  return api.postAnswer("merchant/login_factor", { device: deviceKey(), ...input });
}

export function useLoginFactor() {
  return useMutation({ mutationFn: loginFactor });
}

/** GET merchant/security: whether two-step sign-in is on and how many recovery codes are left. */
export const securityQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.security(),
    queryFn: ({ signal }): Promise<SecurityState> => api.get("merchant/security", undefined, signal),
  });

export function useSecurity() {
  return useQuery(securityQueryOptions());
}

/** After a change: the state is the answer's (recovery codes aside). */
function useSetSecurity() {
  const queryClient = useQueryClient();
  return (state: SecurityState) =>
    queryClient.setQueryData(accountKeys.security(), {
      second_factor: state.second_factor,
      totp: state.totp,
      recovery_codes_left: state.recovery_codes_left,
    });
}

/** POST merchant/totp_start: the login password -> a new key, its otpauth:// link and its QR code (not on yet). */
export function useTotpStart() {
  return useMutation({
    mutationFn: (password: string): Promise<Answer<TotpStartAnswer>> =>
      api.postAnswer("merchant/totp_start", { password }),
  });
}

/** POST merchant/totp_confirm: a code of the new key turns it on -> the recovery codes, shown once. */
export function useTotpConfirm() {
  const setSecurity = useSetSecurity();
  return useMutation({
    mutationFn: (code: string): Promise<Answer<RecoveryCodesAnswer>> =>
      api.postAnswer("merchant/totp_confirm", { code }),
    onSuccess: ({ data }) => setSecurity(data),
  });
}

/** POST merchant/recovery_codes: a code -> a new set of recovery codes (the old ones stop working). */
export function useRecoveryCodes() {
  const setSecurity = useSetSecurity();
  return useMutation({
    mutationFn: (code: string): Promise<Answer<RecoveryCodesAnswer>> =>
      api.postAnswer("merchant/recovery_codes", { code }),
    onSuccess: ({ data }) => setSecurity(data),
  });
}

/** POST merchant/totp_off: the login password and a code turn it off. */
export function useTotpOff() {
  const setSecurity = useSetSecurity();
  return useMutation({
    mutationFn: (input: { password: string; code: string }): Promise<Answer<SecurityState>> =>
      api.postAnswer("merchant/totp_off", input),
    onSuccess: ({ data }) => setSecurity(data),
  });
}
