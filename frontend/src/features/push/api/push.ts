import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { currentSubscription, readPushDevice, subscribeBrowser, unsubscribeBrowser, type PushDevice } from "../browser";
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

/**
 * This browser's state, with its subscription made known to the server again: the server drops a subscription its
 * push service declared dead, and hands it to whoever signs in on this browser next, so a switch shown on must be on
 * for this merchant. A failure to tell the server leaves the state as the browser has it.
 */
export async function syncPushDevice(publicKey: string): Promise<PushDevice> {
  const device = await readPushDevice();
  if (device.support !== "ready" || device.endpoint === null) return device;
  try {
    const body = await currentSubscription(publicKey);
    if (body === null) return { support: "ready", endpoint: null };
    await api.post("merchant/push_subscribe", body);
    return { support: "ready", endpoint: body.endpoint };
  } catch {
    return device;
  }
}

/** This browser's state (syncPushDevice), read again when the merchant comes back to the page (a permission changed
 * in the browser's settings). */
export function usePushDevice(publicKey: string | undefined) {
  return useQuery({
    queryKey: pushKeys.device(),
    queryFn: () => syncPushDevice(publicKey!),
    enabled: publicKey !== undefined,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
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
