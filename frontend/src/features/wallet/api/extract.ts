import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMoneyMutation } from "@/hooks/useMoneyMutation";
import { api, type Answer } from "@/lib/api";
import { walletKeys } from "./keys";
import type { ExtractInput, FeePreview, Withdrawal } from "./types";

/** GET merchant/extract: balance, methods, networks, the published fee rule and the minimum. */
export const getExtractForm = (signal?: AbortSignal) => api.get("merchant/extract", undefined, signal);

export const extractFormQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.extractForm(), queryFn: ({ signal }) => getExtractForm(signal), staleTime: 0 });

export const useExtractForm = () => useQuery(extractFormQueryOptions());

/** The fee and the actual amount received for `amount`, computed by the server under the published rule. */
export async function getFeePreview(amount: string, signal?: AbortSignal): Promise<FeePreview | null> {
  return (await api.get("merchant/extract", { amount }, signal)).preview;
}

/** `amount` is null while it is not a valid amount: nothing is asked then. A rejection is not toasted. */
export function useFeePreview(amount: string | null) {
  return useQuery({
    queryKey: walletKeys.feePreview(amount ?? ""),
    queryFn: ({ signal }) => getFeePreview(amount!, signal),
    enabled: amount !== null,
    meta: { toast: false },
    placeholderData: (previous) => previous,
  });
}

/** POST merchant/extract: a withdrawal request (available -> held); the payment password is checked on the server. */
export function extract(input: ExtractInput, idempotencyKey: string): Promise<Answer<Withdrawal>> {
  return api.postAnswer("merchant/extract", input, { idempotencyKey });
}

// One Idempotency-Key per submit, the same one when the merchant submits again after a lost answer. It changes the
// balance and the wallet's records, which every money move changes (moneyKeys): nothing more to read again.
export const useExtract = () => useMoneyMutation(extract, { invalidates: [] });
