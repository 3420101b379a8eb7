import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, countryName, countryOptions } from "./countries";

describe("countries", () => {
  it("names a region code in the interface language and keeps other text as it is", () => {
    expect(countryName("SG", "en")).toBe("Singapore");
    expect(countryName("SG", "zh-CN")).toBe("新加坡");
    expect(countryName("Singapore", "en")).toBe("Singapore");
  });

  it("lists every code once, sorted by the localized name", () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    const names = countryOptions("en").map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(names).toContain("United States");
  });
});
