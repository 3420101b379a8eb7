import { describe, expect, it } from "vitest";
import type { MessageDescriptor } from "react-intl";
import type { ResolverOptions } from "react-hook-form";
import { loginResolver, type LoginValues } from "./loginValidation";
import { loginMessages } from "./messages";

const t = (message: MessageDescriptor) => String(message.defaultMessage);
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<LoginValues>;
const resolve = (values: LoginValues) => loginResolver(t)(values, undefined, options);

describe("loginResolver", () => {
  it("needs an account that is not only spaces and a password, each message on its field", async () => {
    const { errors, values } = await resolve({ account: "   ", password: "" });
    expect(values).toEqual({});
    expect(errors.account?.message).toBe(loginMessages.accountRequired.defaultMessage);
    expect(errors.password?.message).toBe(loginMessages.passwordRequired.defaultMessage);
  });

  it("trims the account and keeps the password as typed", async () => {
    const result = await resolve({ account: " demo@example.com ", password: " secret " });
    expect(result).toEqual({ values: { account: "demo@example.com", password: " secret " }, errors: {} });
  });
});
