import { describe, expect, it } from "vitest";
import type { MessageDescriptor } from "react-intl";
import { changePasswordSchema, contactChangeSchema, payPasswordSchema, registerSchema, resetPasswordSchema } from "./schemas";

const t = (message: MessageDescriptor) => String(message.defaultMessage);
/** The first message per field, as the form shows it (zodResolver's default). */
const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).reverse().map((issue) => [issue.path.join("."), issue.message]));

const upload = { id: "abc", url: "/media/x.png" };
const registration = {
  logo: upload,
  shop_name: "Shop",
  shop_address: "1 Main St",
  country: "US",
  phone: "+15550000000",
  real_name: "Ann Lee",
  id_front: { id: "f", url: "/f" },
  id_back: { id: "b", url: "/b" },
  id_hand: { id: "h", url: "/h" },
  license: null,
  email: "",
  password: "Merchant-pass-2026",
  password_confirm: "Merchant-pass-2026",
  invite_code: "WELCOME",
};

describe("registerSchema", () => {
  it("needs an email except in Chinese", () => {
    for (const lang of ["en", "ru-RU", "han", "ri", "tai"]) {
      expect(errorsOf(registerSchema(t, lang).safeParse(registration))).toEqual({
        email: "Please enter your email address",
      });
    }
    for (const lang of ["zh-CN", "zh-Hant"]) expect(registerSchema(t, lang).safeParse(registration).success).toBe(true);
  });

  it("checks the email format when one is given, also in Chinese", () => {
    const result = registerSchema(t, "zh-CN").safeParse({ ...registration, email: "not-an-email" });
    expect(errorsOf(result)).toEqual({ email: "Please enter a valid email address" });
  });

  it("requires the logo and the three ID photos, not the license", () => {
    const result = registerSchema(t, "en").safeParse({
      ...registration,
      email: "a@example.com",
      logo: null,
      id_front: null,
      id_back: null,
      id_hand: null,
    });
    expect(errorsOf(result)).toEqual({
      logo: "Please upload the shop logo",
      id_front: "Please upload the front of your ID card",
      id_back: "Please upload the back of your ID card",
      id_hand: "Please upload a photo of you holding your ID card",
    });
  });

  it("says the passwords do not match, on the repetition", () => {
    const result = registerSchema(t, "en").safeParse({ ...registration, email: "a@example.com", password_confirm: "Other-pass-2026" });
    expect(errorsOf(result)).toEqual({ password_confirm: "Passwords entered do not match" });
  });
});

describe("password schemas", () => {
  it("forgotten password needs the account (spec message), the code and a long enough password", () => {
    const result = resetPasswordSchema(t).safeParse({ account: " ", code: "", password: "short", password_confirm: "short" });
    expect(errorsOf(result)).toEqual({
      account: "Please enter phone number or email",
      code: "Please enter the verification code",
      password: "At least 8 characters",
    });
  });

  it("change needs the old password and matching new ones", () => {
    expect(errorsOf(changePasswordSchema(t).safeParse({ old_password: "", password: "", password_confirm: "" }))).toEqual({
      old_password: "Please enter the old password",
      password: "Please enter the new password",
      password_confirm: "Please enter the password again",
    });
    const mismatch = changePasswordSchema(t).safeParse({
      old_password: "Old-pass-2026",
      password: "New-pass-2026",
      password_confirm: "New-pass-2027",
    });
    expect(errorsOf(mismatch)).toEqual({ password_confirm: "Passwords entered do not match" });
  });
});

describe("payPasswordSchema", () => {
  const base = { via: "old" as const, old_pay_password: "", password: "", pay_password: "", pay_password_confirm: "" };

  it("wants exactly 6 digits, twice, equal", () => {
    expect(errorsOf(payPasswordSchema(t, false).safeParse({ ...base, pay_password: "12345a", pay_password_confirm: "12345a" }))).toEqual({
      pay_password: "The payment password must be exactly 6 digits",
    });
    expect(
      errorsOf(payPasswordSchema(t, false).safeParse({ ...base, pay_password: "123456", pay_password_confirm: "123457" })),
    ).toEqual({ pay_password_confirm: "Passwords entered do not match" });
    expect(payPasswordSchema(t, false).safeParse({ ...base, pay_password: "123456", pay_password_confirm: "123456" }).success).toBe(
      true,
    );
  });

  it("changing needs the current pay password or the login password, whichever is chosen", () => {
    const values = { ...base, pay_password: "123456", pay_password_confirm: "123456" };
    expect(errorsOf(payPasswordSchema(t, true).safeParse(values))).toEqual({
      old_pay_password: "Please enter your current payment password",
    });
    expect(errorsOf(payPasswordSchema(t, true).safeParse({ ...values, via: "login" }))).toEqual({
      password: "Please enter your login password",
    });
    expect(payPasswordSchema(t, true).safeParse({ ...values, via: "login", password: "Login-pass-2026" }).success).toBe(true);
    expect(payPasswordSchema(t, true).safeParse({ ...values, old_pay_password: "654321" }).success).toBe(true);
  });
});

describe("contactChangeSchema", () => {
  it("checks the new address by kind, and needs the code and the login password", () => {
    const email = contactChangeSchema(t, "email");
    expect(email.safeParse({ value: "a@example.org", code: "123456", password: "x" }).success).toBe(true);
    expect(email.safeParse({ value: "not an email", code: "1", password: "x" }).error?.issues[0].message).toBe(
      "Please enter a valid email address",
    );
    const phone = contactChangeSchema(t, "phone");
    expect(phone.safeParse({ value: "+44 (20) 7946-0000", code: "1", password: "x" }).success).toBe(true);
    const missing = phone.safeParse({ value: "+66812345678", code: " ", password: "" }).error?.issues.map((i) => i.message);
    expect(missing).toEqual(["Please enter the verification code", "Please enter your login password"]);
  });
});
