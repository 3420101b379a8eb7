import { useRef } from "react";
import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from "@tanstack/react-query";
import { defineMessages, useIntl } from "react-intl";
import { ApiError, isAnswered, newIdempotencyKey, OfflineError } from "@/lib/api";
import { moneyKeys } from "@/lib/merchant";
import { toast } from "@/lib/toast";

const messages = defineMessages({
  noAnswer: {
    id: "money.noAnswer",
    defaultMessage: "No confirmation from the server. Check your connection and submit again: it will only be done once.",
    description: "Toast after a money request (withdraw, deposit, upgrade) got no answer (network failure or time-out)",
  },
});

export type MoneyMutationOptions<TData, TInput> = Omit<UseMutationOptions<TData, Error, TInput>, "mutationFn"> & {
  /** The query keys of the feature's data the operation changes (e.g. `[orderKeys.all]`), besides `moneyKeys`. */
  invalidates: readonly QueryKey[];
};

/**
 * A money-moving POST (withdraw, deposit, level upgrade, pickup, promotion) with one `Idempotency-Key` per
 * submit. The key is made at the first attempt and kept while the outcome of the last attempt is unknown, so
 * submitting again after a network failure, a time-out or a server error sends the same key and the server does
 * the operation at most once (it answers the stored result of the first one).
 *
 * The key is dropped (the next submit makes a fresh one) as soon as the outcome is known:
 * - on success: the operation is done; a new submit is a new operation;
 * - on a rejection (an answered ApiError, envelope code 0): the server stores nothing under a rejected key, so
 *   nothing moved and a fresh key is as safe as the old one.
 *
 * The key is not tied to the body. After a lost answer the merchant may change the form (another amount) before
 * submitting again; the changed request keeps the key, so that if the lost one did go through the server refuses
 * the second ("already used for a different request") instead of moving money twice, and if it never arrived the
 * server simply does the changed one. That refusal is a rejection, so the submit after it gets a fresh key.
 *
 * After an unanswered attempt the merchant is told to submit again (a toast): rejections are toasted by the query
 * client with the server's message. Offline, the query client refuses the operation before anything is sent (an
 * OfflineError, said by the offline banner): it is never paused and sent later.
 *
 * After every attempt it reads again what the operation changes, and nothing else (every visited screen stays
 * mounted, so invalidating the whole cache would fetch them all): `moneyKeys` (the balance, the wallet's records) and
 * the feature's `invalidates`. After a refusal too (the screen was out of date: the reason it was refused) and after a
 * lost answer (it may have been done). Not awaited: the caller's own callbacks (a toast, a result sheet) come first.
 */
export function useMoneyMutation<TData, TInput>(
  send: (input: TInput, idempotencyKey: string) => Promise<TData>,
  { invalidates, ...options }: MoneyMutationOptions<TData, TInput>,
) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation<TData, Error, TInput>({
    ...options,
    meta: { ...options.meta, unansweredToast: false }, // its own message below: submit again, done only once
    mutationFn: (input) => {
      key.current ??= newIdempotencyKey();
      return send(input, key.current);
    },
    onSuccess: (...args) => {
      key.current = null;
      return options.onSuccess?.(...args);
    },
    onError: (...args) => {
      const [error] = args;
      if (isAnswered(error)) key.current = null;
      // Offline, nothing was sent (the query client refused it before the request): the offline banner says so.
      else if (!(error instanceof OfflineError) && !(error instanceof ApiError && error.status === 401)) {
        toast.fail(intl.formatMessage(messages.noAnswer));
      }
      return options.onError?.(...args);
    },
    onSettled: (...args) => {
      for (const queryKey of [...moneyKeys, ...invalidates]) void queryClient.invalidateQueries({ queryKey });
      return options.onSettled?.(...args);
    },
  });
}
