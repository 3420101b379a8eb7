import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import { accountKeys } from "./keys";
import type { ChangePasswordInput, PayPasswordInput, ResetPasswordInput } from "./types";

/** POST merchant/send_code: a one-time code to the account's email or phone (forgotten password). */
export function sendResetCode(account: string): Promise<Answer<null>> {
  return api.postAnswer("merchant/send_code", { account });
}

/** POST merchant/resetpwd signed out: account + one-time code + new password twice. */
export function resetPassword(input: ResetPasswordInput): Promise<Answer<null>> {
  return api.postAnswer("merchant/resetpwd", input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** POST merchant/resetpwd signed in: old + new password twice. The server ends every session of the merchant. */
export function changePassword(input: ChangePasswordInput): Promise<Answer<null>> {
  return api.postAnswer("merchant/resetpwd", input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** POST merchant/resetPay: set the 6-digit payment password, or change it (old one or login password). */
export function savePayPassword(input: PayPasswordInput): Promise<Answer<null>> {
  return api.postAnswer("merchant/resetPay", input);
}

export function useSavePayPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayPassword,
    // has_pay_password changes: every kept screen showing the merchant refreshes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.merInfo() }),
  });
}
