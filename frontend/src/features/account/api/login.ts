import { useMutation } from "@tanstack/react-query";
import { api, type Answer } from "@/lib/api";
import type { LoginAnswer, LoginInput } from "./types";

/** POST merchant/login: phone or email + password -> data.merinfo (token + merchant summary). */
export function login(input: LoginInput): Promise<Answer<LoginAnswer>> {
  return api.postAnswer("merchant/login", input);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
