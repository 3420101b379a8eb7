import { afterEach, describe, expect, it } from "vitest";
import { formatDateTime, formatMoney, platformCurrency } from "@/lib/money";

describe("money formatting", () => {
  afterEach(() => document.head.querySelector('meta[name="currency"]')?.remove());

  it("formats the server's 2-decimal strings with the currency, in the locale", () => {
    expect(formatMoney("1234.50", "en", "USD")).toBe("$1,234.50");
    expect(formatMoney("1234.50", "ru-RU", "USD")).toBe("1\u00a0234,50\u00a0$");
    expect(formatMoney("0.00", "zh-CN", "USD")).toBe("US$0.00");
    expect(formatMoney("1234.5", "de-DE", "EUR")).toBe("1.234,50\u00a0€");
    expect(formatMoney("", "en", "USD")).toBe("");
  });

  it("writes an axis's amount short, in the locale", () => {
    expect(formatMoney("0.5", "en", "USD", { short: true })).toBe("$0.5");
    expect(formatMoney("0.5", "ru-RU", "USD", { short: true })).toBe("0,5\u00a0$");
    expect(formatMoney("1500", "en", "USD", { short: true })).toBe("$1.5K");
    expect(formatMoney("20", "th-TH", "USD", { short: true })).toBe("US$20");
  });

  it("puts a chain token's code after the number", () => {
    expect(formatMoney("10.00", "en", "USDT")).toBe("10.00 USDT");
    expect(formatMoney("1234.50", "ru-RU", "USDT")).toBe("1\u00a0234,50 USDT");
  });

  it("uses the platform currency of the page", () => {
    expect(platformCurrency()).toBe("USD");
    const meta = Object.assign(document.createElement("meta"), { name: "currency", content: "EUR" });
    document.head.append(meta);
    expect(platformCurrency()).toBe("EUR");
    expect(formatMoney("5.00", "en")).toBe("€5.00");
  });

  it("never goes through a float", () => {
    // 12345678901234567.89 as a float would print ...568.00
    expect(formatMoney("12345678901234567.89", "en", "USD")).toBe("$12,345,678,901,234,567.89");
  });

  it("formats times in the locale", () => {
    const text = formatDateTime("2026-11-21T08:30:00+00:00", "en");
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/Nov/);
  });
});
