import { MutationCache, onlineManager, QueryCache, QueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { ApiError, isAnswered, OfflineError } from "./errors";

/**
 * A rejection (code 0) is shown as a toast with the server's translated msg, unless the form showed it on its fields
 * (applyFieldErrors, in the mutate call's onError: it runs after this cache-level handler, in the same task, so the
 * toast waits for the next task to know); other failures are only logged.
 */
function toastRejection(error: unknown, meta?: Record<string, unknown>): void {
  if (!isAnswered(error) || meta?.toast === false) return;
  setTimeout(() => {
    if (!error.shownOnFields) toast.fail(error.msg);
  }, 0);
}

/** How often a count the app keeps fresh (unread messages, unread support replies) is read again while the page is
 * visible: TanStack Query pauses a refetchInterval while the page is hidden (refetchIntervalInBackground stays false). */
export const POLL_MS = 30_000;

/**
 * Offline (onlineManager: the browser's online/offline events), a change fails at once with an OfflineError, before
 * its request is made, instead of waiting paused (a spinner with nothing said) and being sent silently when the
 * device is back online: a money move (useMoneyMutation) is never made later without the merchant seeing it.
 * The shell's banner (components/ui/OfflineBanner) says the app is offline, and that nothing was sent.
 * Reads wait while offline (networkMode "online") and are read again when the device is back.
 */
function refuseOffline(): void {
  if (!onlineManager.isOnline()) throw new OfflineError();
}

export function createQueryClient(): QueryClient {
  // TanStack Query starts "online" and then follows the online/offline events: a page opened offline (the service
  // worker's shell) is offline from the start.
  if (typeof navigator !== "undefined" && navigator.onLine === false) onlineManager.setOnline(false);
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toastRejection(error, query.meta) }),
    mutationCache: new MutationCache({
      onMutate: refuseOffline,
      onError: (error, _v, _c, mutation) => toastRejection(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}
