import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { updateSession } from "@/lib/session";
import { accountKeys } from "./keys";
import type {
  ChangeContactInput,
  ContactCodeInput,
  MerchantInfo,
  RecoveryAnswer,
  VerifyCodeInput,
  VerifyContactInput,
} from "./types";

/** POST merchant/send_contact_code: a 6-digit code to the new email or phone (to prove it is the merchant's). */
export function sendContactCode(input: ContactCodeInput): Promise<Answer<null>> {
  return api.postAnswer("merchant/send_contact_code", input);
}

/** POST merchant/change_contact: the new address with its code and the login password; the old address is told. */
export async function changeContact(input: ChangeContactInput): Promise<Answer<MerchantInfo>> {
  const answer = await api.postAnswer("merchant/change_contact", input);
  updateSession({ merInfo: answer.data });
  return answer;
}

export function useChangeContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeContact,
    onSuccess: ({ data }) => queryClient.setQueryData(accountKeys.merInfo(), data),
  });
}

/** POST merchant/send_verify_code: a 6-digit code to the account's current email or phone, to verify it. */
export function sendVerifyCode(input: VerifyCodeInput): Promise<Answer<null>> {
  return api.postAnswer("merchant/send_verify_code", input);
}

/** POST merchant/verify_contact: the code sent to the current address; answers the summary, now with it verified. */
export async function verifyContact(input: VerifyContactInput): Promise<Answer<MerchantInfo>> {
  const answer = await api.postAnswer("merchant/verify_contact", input);
  updateSession({ merInfo: answer.data });
  return answer;
}

export function useVerifyContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyContact,
    onSuccess: ({ data }) => queryClient.setQueryData(accountKeys.merInfo(), data),
  });
}

/** GET merchant/recovery: the account recovery operators started and not applied yet (null when none). */
export function getRecovery(signal?: AbortSignal): Promise<RecoveryAnswer> {
  return api.get("merchant/recovery", undefined, signal);
}

export const recoveryQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.recovery(), queryFn: ({ signal }) => getRecovery(signal) });

export function useRecovery() {
  return useQuery(recoveryQueryOptions());
}

/** POST merchant/cancel_recovery: the merchant stops the recovery; nothing changes. */
export function cancelRecovery(id: number): Promise<Answer<RecoveryAnswer>> {
  return api.postAnswer("merchant/cancel_recovery", { id });
}

export function useCancelRecovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRecovery,
    onSuccess: ({ data }) => queryClient.setQueryData(accountKeys.recovery(), data),
  });
}
