import { describe, expect, it } from "vitest";
import type { MessageDescriptor } from "react-intl";
import { baseInfoSchema, socialSchema } from "./schemas";

const t = (message: MessageDescriptor) => String(message.id);
const errorOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.find((issue) => issue.path[0] === field)?.message;

describe("socialSchema", () => {
  const schema = socialSchema(t);

  it("accepts https links and empty ones (no link)", () => {
    const result = schema.safeParse({ twitter_url: " https://twitter.com/myshop ", google_url: "" });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ twitter_url: "https://twitter.com/myshop", google_url: "" });
  });

  it("refuses http and bare addresses with the https-only message", () => {
    const result = schema.safeParse({ twitter_url: "http://twitter.com/myshop", google_url: "google.com/shop" });
    expect(errorOf(result, "twitter_url")).toBe("social.httpsOnly");
    expect(errorOf(result, "google_url")).toBe("social.httpsOnly");
  });

  it("refuses an https text that is not a web address", () => {
    const result = schema.safeParse({ twitter_url: "https://my shop", google_url: "https://localhost" });
    expect(errorOf(result, "twitter_url")).toBe("social.invalid");
    expect(errorOf(result, "google_url")).toBe("social.invalid");
  });
});

describe("baseInfoSchema", () => {
  const schema = baseInfoSchema(t);
  const valid = { logo: null, name: "Shop", phone: "+1 (555) 010-2030", address: "", introduction: "", welcome_message: "" };

  it("accepts the server's phone format and trims texts", () => {
    const result = schema.safeParse({ ...valid, name: "  Corner shop " });
    expect(result.success).toBe(true);
    expect(result.data?.name).toBe("Corner shop");
  });

  it("needs a name, a plausible phone and short enough texts", () => {
    const result = schema.safeParse({ ...valid, name: "  ", phone: "call me", welcome_message: "x".repeat(256) });
    expect(errorOf(result, "name")).toBe("baseInfo.nameRequired");
    expect(errorOf(result, "phone")).toBe("baseInfo.phoneInvalid");
    expect(errorOf(result, "welcome_message")).toBe("baseInfo.tooLong");
  });
});
