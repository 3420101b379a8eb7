import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { clearPartnerLink, readPartnerLink } from "../partner";
import { accountKeys } from "./keys";
import type { RegisterAnswer, RegisterInput, ResubmitInput, VerifyCodeAnswer } from "./types";

/** POST merchant/verify_code: is this invitation code usable? -> the code as stored. */
export function verifyInviteCode(inviteCode: string): Promise<VerifyCodeAnswer> {
  return api.post("merchant/verify_code", { invite_code: inviteCode });
}

export function useVerifyInviteCode() {
  // A refused code is shown on the code's field (InviteCodeForm), not in a toast as well.
  return useMutation({ mutationFn: verifyInviteCode });
}

/**
 * POST merchant/register, or merchant/tkregister with the kept partner payload (data, code, mer) when the
 * merchant came from a partner app, so that the partner identity is linked. The answer: pending + review notice.
 */
export async function register(input: RegisterInput): Promise<Answer<RegisterAnswer>> {
  const partner = readPartnerLink();
  if (!partner) return api.postAnswer("merchant/register", input);
  const answer = await api.postAnswer("merchant/tkregister", { ...input, ...partner });
  clearPartnerLink();
  return answer;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

/** POST merchant/resubmit: a rejected merchant sends new ID documents and goes back to review (pending). */
export function resubmitDocuments(input: ResubmitInput): Promise<Answer<RegisterAnswer>> {
  return api.postAnswer("merchant/resubmit", input);
}

export function useResubmitDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resubmitDocuments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.merInfo() }),
  });
}
