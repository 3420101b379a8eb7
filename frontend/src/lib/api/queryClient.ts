import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { showToast } from "@/lib/toast";
import { ApiError, isAnswered } from "./errors";

/** The form shows these fields' errors on the fields themselves (`meta: { fieldErrors: [...] }`). */
function shownOnFields(error: ApiError, meta?: Record<string, unknown>): boolean {
  const fields = meta?.fieldErrors;
  const named = Object.keys(error.fieldErrors);
  return Array.isArray(fields) && named.length > 0 && named.every((field) => fields.includes(field));
}

/**
 * A rejection (code 0) is shown as a toast with the server's translated msg, unless the form shows it on its field
 * (the same message twice at once reads as two problems); other failures are only logged.
 */
function toastRejection(error: unknown, meta?: Record<string, unknown>): void {
  if (isAnswered(error) && meta?.toast !== false && !shownOnFields(error, meta)) {
    showToast({ icon: "fail", content: error.msg });
  }
}

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
