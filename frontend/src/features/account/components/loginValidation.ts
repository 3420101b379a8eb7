/**
 * The login form's validation without zod. /login is the page most visitors load first, and zod (about 35 KB
 * gzipped, shared by the bigger forms) would be most of its weight for two required fields; the other forms keep
 * their zod schemas (schemas.ts). A react-hook-form resolver with translated messages, like zodResolver's answer.
 */
import type { FieldErrors, Resolver, ResolverResult } from "react-hook-form";
import type { Translate } from "@/hooks/useSchema";
import { loginMessages as m } from "./messages";

export type LoginValues = { account: string; password: string };

export function loginResolver(t: Translate): Resolver<LoginValues> {
  return (values): ResolverResult<LoginValues> => {
    const account = values.account.trim();
    const errors: FieldErrors<LoginValues> = {};
    if (!account) errors.account = { type: "required", message: t(m.accountRequired) };
    if (!values.password) errors.password = { type: "required", message: t(m.passwordRequired) };
    if (errors.account || errors.password) return { values: {}, errors };
    return { values: { account, password: values.password }, errors: {} };
  };
}
