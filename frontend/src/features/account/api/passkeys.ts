import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { deviceKey } from "@/lib/session";
import { createPasskey, getPasskey, type PasskeyCredentialJSON, type PasskeyOptionsJSON } from "../passkey";
import { accountKeys } from "./keys";
import { deviceTimeZone } from "./login";
import type { LoginAnswer, Passkey, PasskeyList } from "./types";

/** GET merchant/passkeys: the merchant's passkeys (name, added, last used). */
export function getPasskeys(signal?: AbortSignal): Promise<PasskeyList> {
  return api.get("merchant/passkeys", undefined, signal);
}

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.passkeys(), queryFn: ({ signal }) => getPasskeys(signal) });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

/** POST merchant/passkey_options (the login password) then the browser's prompt: the new passkey, not kept yet. */
export async function makePasskey(password: string): Promise<PasskeyCredentialJSON> {
  const { options } = await api.post("merchant/passkey_options", { password });
  return createPasskey(options as PasskeyOptionsJSON);
}

export function useMakePasskey() {
  return useMutation({ mutationFn: makePasskey });
}

/** POST merchant/passkey_add: the browser's new passkey and its name (empty: the browser and system). */
export function addPasskey(input: { credential: PasskeyCredentialJSON; name: string }): Promise<Answer<Passkey>> {
  return api.postAnswer("merchant/passkey_add", input);
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys() }),
  });
}

/** POST merchant/passkey_remove: one of the merchant's passkeys, with the login password. */
export function removePasskey(input: { id: number; password: string }): Promise<Answer<null>> {
  return api.postAnswer("merchant/passkey_remove", input);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys() }),
  });
}

/** Sign in without the password: login_passkey_options, the browser's prompt, login_passkey (answers like login). */
export async function passkeySignIn(): Promise<Answer<LoginAnswer>> {
  const { options } = await api.post("merchant/login_passkey_options");
  const credential = await getPasskey(options as PasskeyOptionsJSON);
  return api.postAnswer("merchant/login_passkey", { credential, device: deviceKey(), time_zone: deviceTimeZone() });
}

export function usePasskeySignIn() {
  return useMutation({ mutationFn: passkeySignIn });
}

/** The sign-in's second step with a passkey: login_factor_options for the ticket and the browser's prompt; the
 * answer goes to login_factor as `passkey`. */
export async function passkeyFactorAnswer(ticket: string): Promise<PasskeyCredentialJSON> {
  const { options } = await api.post("merchant/login_factor_options", { ticket, device: deviceKey() });
  return getPasskey(options as PasskeyOptionsJSON);
}

/** The second factor with a passkey (signed in): passkey_verify_options and the browser's prompt; the answer goes
 * as `passkey` where a code is asked. */
export async function passkeyAnswer(): Promise<PasskeyCredentialJSON> {
  const { options } = await api.post("merchant/passkey_verify_options");
  return getPasskey(options as PasskeyOptionsJSON);
}
