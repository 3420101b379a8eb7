import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { uiMessages } from "@/components/ui/messages";
import { ApiError, isAnswered, OfflineError } from "@/lib/api";
import { toast } from "@/lib/toast";

/**
 * A change (a save, a send) whose request got no answer (offline, a time-out, a server error) says so, instead of
 * a button that stops spinning with nothing said. A rejection is toasted with the server's message by the query
 * client; a 401 goes to sign-in; a mutation with `meta: { unansweredToast: false }` says it itself (money actions).
 * A change asked for offline (OfflineError: refused before sending, lib/api/queryClient) is said by the offline banner.
 */
export function UnansweredChanges() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "error") return;
        const { error } = event.action;
        if (isAnswered(error) || (error instanceof ApiError && error.status === 401)) return;
        // Refused before sending (money moves too): the offline banner says nothing was sent (components/ui/OfflineBanner).
        if (error instanceof OfflineError) return;
        if (event.mutation.options.meta?.unansweredToast === false) return;
        toast.fail(intl.formatMessage(uiMessages.notSaved));
      }),
    [queryClient, intl],
  );
  return null;
}
