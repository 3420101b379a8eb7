import { describe, expect, it } from "vitest";
import { maskAddress } from "./mask";

describe("maskAddress", () => {
  it("keeps an email's first and last letter and its domain", () => {
    expect(maskAddress("email", "merchant7@example.com")).toBe("m•••7@example.com");
    expect(maskAddress("email", "ab@example.com")).toBe("a•••@example.com");
  });

  it("keeps a phone number's first and last four characters", () => {
    expect(maskAddress("phone", "+66812345678")).toBe("+668•••5678");
    expect(maskAddress("phone", "12345678")).toBe("12345678");
  });
});
