import { describe, expect, it } from "vitest";
import { isSafeSupportUrl } from "./kinds";

describe("support links", () => {
  it("opens only https:, tg: and mailto: links", () => {
    for (const url of ["https://t.me/help", "tg://resolve?domain=help", "mailto:help@example.com"]) expect(isSafeSupportUrl(url)).toBe(true);
    for (const url of ["javascript:alert(1)", "http://t.me/help", "data:text/html,x", " javascript:x", "whatsapp://send"]) {
      expect(isSafeSupportUrl(url)).toBe(false);
    }
  });
});
