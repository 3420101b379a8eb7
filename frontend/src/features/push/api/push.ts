import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { readPushDevice, subscribeBrowser, unsubscribeBrowser } from "../browser";
import { pushKeys } from "./keys";
import type { PushKindsInput, PushSettings } from "./types";

/** GET merchant/push: the server's VAPID public key and the merchant's kinds (on or off, for all their phones). */
export function getPushSettings(signal?: AbortSignal): Promise<PushSettings> {
  return api.get("merchant/push", undefined, signal);
}

export const pushSettingsQueryOptions = () =>
  queryOptions({ queryKey: pushKeys.settings(), queryFn: ({ signal }) => getPushSettings(signal) });

export function usePushSettings() {
  return useQuery(pushSettingsQueryOptions());
}

/** This browser's state, read again when the merchant comes back to the page (a permission changed in the
 * browser's settings). */
export function usePushDevice() {
  return useQuery({ queryKey: pushKeys.device(), queryFn: readPushDevice, staleTime: 0, refetchOnWindowFocus: true });
}

/** Notifications on for this phone: the browser's prompt, its subscription with the server's key, then
 * POST merchant/push_subscribe. A subscription the server refused is ended in the browser too. */
export async function turnOnPush(publicKey: string): Promise<Answer<unknown>> {
  const body = await subscribeBrowser(publicKey);
  try {
    return await api.postAnswer("merchant/push_subscribe", body);
  } catch (error) {
    await unsubscribeBrowser().catch(() => null);
    throw error;
  }
}

/** Notifications off for this phone: the browser's subscription ends, then POST merchant/push_unsubscribe. */
export async function turnOffPush(): Promise<Answer<unknown> | null> {
  const endpoint = await unsubscribeBrowser();
  return endpoint ? api.postAnswer("merchant/push_unsubscribe", { endpoint }) : null;
}

export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOnPush,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.device() }),
  });
}

export function useTurnOffPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffPush,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.device() }),
  });
}

/** POST merchant/push_kinds: some kinds on or off; the answer is the whole settings, kept as the query's data. */
export function setPushKinds(kinds: PushKindsInput["kinds"]): Promise<Answer<PushSettings>> {
  return api.postAnswer("merchant/push_kinds", { kinds });
}

export function useSetPushKinds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPushKinds,
    onSuccess: ({ data }) => queryClient.setQueryData(pushKeys.settings(), data),
  });
}
