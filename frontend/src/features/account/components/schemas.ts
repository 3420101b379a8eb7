/**
 * The account forms' zod schemas, built with translated messages. Pure functions of a translator
 * (`intl.formatMessage`), so they are unit-tested without rendering; the forms wrap them in useMemo.
 */
import type { MessageDescriptor } from "react-intl";
import { z } from "zod";
import {
  codeMessages,
  contactMessages,
  loginMessages,
  codeStepMessages,
  passwordMessages as pm,
  payMessages,
  registerMessages as rm,
} from "./messages";
import { passkeyMessages } from "./passkeyMessages";

export type Translate = (message: MessageDescriptor) => string;

/** Email is optional only when the interface is Chinese (product.md section 3); the server checks it too. */
export const EMAIL_OPTIONAL_LANGS: readonly string[] = ["zh-CN", "zh-Hant"];
export const PASSWORD_MIN_LENGTH = 8;
const SIX_DIGITS = /^[0-9]{6}$/;

const required = (message: string) => z.string().trim().min(1, message);
const upload = (message: string) =>
  z.object({ id: z.string(), url: z.string() }).nullable().refine((v): boolean => v !== null, message);

/** A new password and its repetition: both given, long enough... */
const passwordPair = (t: Translate, requiredMessage: MessageDescriptor = pm.newRequired) => ({
  password: z.string().min(1, t(requiredMessage)).min(PASSWORD_MIN_LENGTH, t(pm.minLength)),
  password_confirm: z.string().min(1, t(pm.repeatRequired)),
});

/** ...and equal ("Passwords entered do not match", on the repetition). */
const samePasswords = (
  t: Translate,
): [(v: { password: string; password_confirm: string }) => boolean, { message: string; path: string[] }] => [
  (v) => v.password === v.password_confirm,
  { message: t(pm.mismatch), path: ["password_confirm"] },
];

export function inviteCodeSchema(t: Translate) {
  return z.object({ invite_code: required(t(codeMessages.inviteCodeRequired)) });
}

export function registerSchema(t: Translate, lang: string) {
  const emailOptional = EMAIL_OPTIONAL_LANGS.includes(lang);
  return z
    .object({
      ...passwordPair(t, loginMessages.passwordRequired),
      logo: upload(t(rm.logoRequired)),
    shop_name: required(t(rm.shopNameRequired)),
    shop_address: required(t(rm.shopAddressRequired)),
    country: required(t(rm.countryRequired)),
    phone: required(t(rm.phoneRequired)),
    real_name: required(t(rm.realNameRequired)),
    id_front: upload(t(rm.idFrontRequired)),
    id_back: upload(t(rm.idBackRequired)),
    id_hand: upload(t(rm.idHandRequired)),
    license: z.object({ id: z.string(), url: z.string() }).nullable(),
    email: z
      .string()
      .trim()
      .refine((v) => emailOptional || v.length > 0, t(rm.emailRequired))
      .refine((v) => v.length === 0 || z.email().safeParse(v).success, t(rm.emailInvalid)),
    invite_code: required(t(codeMessages.inviteCodeRequired)),
  })
    .refine(...samePasswords(t));
}

export function resetPasswordSchema(t: Translate) {
  return z
    .object({
      account: required(t(loginMessages.accountRequired)),
      code: required(t(codeStepMessages.codeRequired)),
      ...passwordPair(t),
    })
    .refine(...samePasswords(t));
}

export function changePasswordSchema(t: Translate) {
  return z
    .object({ old_password: z.string().min(1, t(pm.oldRequired)), ...passwordPair(t) })
    .refine(...samePasswords(t));
}

const payPassword = (t: Translate, requiredMessage: MessageDescriptor) =>
  z.string().min(1, t(requiredMessage)).regex(SIX_DIGITS, t(payMessages.sixDigits));

/**
 * Setting (first time) or changing the payment password: 6 digits, twice, equal. Changing also needs the
 * current payment password (`via: "old"`) or the login password (`via: "login"`).
 */
export function payPasswordSchema(t: Translate, changing: boolean) {
  return z
    .object({
      via: z.enum(["old", "login"]),
      old_pay_password: z.string(),
      password: z.string(),
      pay_password: payPassword(t, payMessages.required),
      pay_password_confirm: z.string().min(1, t(payMessages.repeatRequired)),
    })
    .refine((v) => !changing || v.via !== "old" || SIX_DIGITS.test(v.old_pay_password), {
      message: t(payMessages.oldRequired),
      path: ["old_pay_password"],
    })
    .refine((v) => !changing || v.via !== "login" || v.password.length > 0, {
      message: t(payMessages.loginRequired),
      path: ["password"],
    })
    .refine((v) => v.pay_password === v.pay_password_confirm, {
      message: t(pm.mismatch),
      path: ["pay_password_confirm"],
    });
}

/** A rejected merchant's new ID documents: the three photos, the license optional. */
export function resubmitSchema(t: Translate) {
  return z.object({
    id_front: upload(t(rm.idFrontRequired)),
    id_back: upload(t(rm.idBackRequired)),
    id_hand: upload(t(rm.idHandRequired)),
    license: z.object({ id: z.string(), url: z.string() }).nullable(),
  });
}

/** A new email or phone: the address and, once it is sent, its code and the login password. */
export function contactChangeSchema(t: Translate, kind: "email" | "phone") {
  const value = required(t(contactMessages.valueRequired)).refine(
    (v) => (kind === "email" ? z.email().safeParse(v.trim()).success : /^\+?[0-9]{6,20}$/.test(v.replace(/[\s\-().]/g, ""))),
    t(kind === "email" ? contactMessages.emailInvalid : contactMessages.phoneInvalid),
  );
  return z.object({
    value,
    code: required(t(codeStepMessages.codeRequired)),
    password: z.string().min(1, t(contactMessages.passwordRequired)),
  });
}

/** Verifying the current phone or email: the code sent to it. */
export function verifyContactSchema(t: Translate) {
  return z.object({ code: required(t(codeStepMessages.codeRequired)) });
}

/** Adding or removing a passkey: the login password. */
export function passkeyPasswordSchema(t: Translate) {
  return z.object({ password: z.string().min(1, t(passkeyMessages.passwordRequired)) });
}
