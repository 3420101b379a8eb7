import { describe, expect, it } from "vitest";
import { formatDay, formatHour } from "./dates";

describe("figures dates", () => {
  it("writes a shop's local date as that date, whatever the browser's zone", () => {
    // A date is a calendar day of the shop, not an instant: no zone may move it to the day before.
    expect(formatDay("2026-11-20", "en-US")).toBe("11/20");
    expect(formatDay("2026-01-01", "ru-RU", { year: "numeric", month: "long", day: "numeric" })).toBe("1 января 2026 г.");
  });

  it("writes an hour of today in the shop's zone, in the interface language", () => {
    expect(formatHour("2026-11-21T06:00:00+07:00", "en-US", "Asia/Bangkok")).toBe("6 AM");
    expect(formatHour("2026-11-21T06:00:00+07:00", "en-US", "UTC")).toBe("11 PM");
    expect(formatHour("2026-11-21T13:00:00+00:00", "zh-CN", "UTC")).toBe("13时");
  });
});
