import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { accountKeys } from "./keys";
import type { DevicePage, DeviceSignoutAnswer, DeviceSignoutInput, NotMeAnswer } from "./types";

/** The most sessions the Devices screen lists (one page: a merchant has a few). */
export const DEVICES_LIMIT = 100;

/** GET merchant/devices: the merchant's open sessions, the most recently used first, `current` for this one. */
export function getDevices(signal?: AbortSignal): Promise<DevicePage> {
  return api.get("merchant/devices", { page: 1, limit: DEVICES_LIMIT }, signal);
}

export const devicesQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.devices(), queryFn: ({ signal }) => getDevices(signal) });

export function useDevices() {
  return useQuery(devicesQueryOptions());
}

/** POST merchant/device_signout: {id} ends one session, {all_others: true} every one but this. */
export function signOutDevice(input: DeviceSignoutInput): Promise<Answer<DeviceSignoutAnswer>> {
  return api.postAnswer("merchant/device_signout", input);
}

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutDevice,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountKeys.devices() }),
  });
}

/** POST merchant/not_me: "This wasn't me" on a security notice (the message's target id): money movements are
 * locked and every other session ends. The summary (the lock banner) and the devices are read again. */
export function notMe(id: number): Promise<Answer<NotMeAnswer>> {
  return api.postAnswer("merchant/not_me", { id });
}

export function useNotMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notMe,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.merInfo() });
      void queryClient.invalidateQueries({ queryKey: accountKeys.devices() });
    },
  });
}
