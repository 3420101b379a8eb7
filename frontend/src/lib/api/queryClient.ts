import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { ApiError, isAnswered } from "./errors";

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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toastRejection(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => toastRejection(error, mutation.meta) }),
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
