import { describe, expect, it } from "vitest";
import { formatDateTime, formatMoney } from "@/lib/money";

describe("money formatting", () => {
  it("formats the server's 2-decimal strings in the locale", () => {
    expect(formatMoney("1234.50", "en")).toBe("1,234.50");
    expect(formatMoney("1234.50", "ru-RU")).toBe("1\u00a0234,50");
    expect(formatMoney("0.00", "ja-JP")).toBe("0.00");
    expect(formatMoney("", "en")).toBe("");
  });

  it("never goes through a float", () => {
    // 12345678901234567.89 as a float would print ...568.00
    expect(formatMoney("12345678901234567.89", "en")).toBe("12,345,678,901,234,567.89");
  });

  it("formats times in the locale", () => {
    const text = formatDateTime("2026-11-21T08:30:00+00:00", "en");
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/Nov/);
  });
});
