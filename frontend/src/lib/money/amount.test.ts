import { describe, expect, it } from "vitest";
import { compareAmounts, isPositiveAmount, parseAmount } from "./amount";

describe("parseAmount", () => {
  it("accepts digits with at most two decimals", () => {
    expect(parseAmount(" 12 ")).toBe("12");
    expect(parseAmount("12.5")).toBe("12.5");
    expect(parseAmount("12.")).toBe("12.");
    expect(parseAmount("0.01")).toBe("0.01");
  });

  it("refuses anything else", () => {
    for (const raw of ["", "abc", "1.234", "-5", "1e3", "1,5", ".5", "12.3.4"]) expect(parseAmount(raw)).toBeNull();
  });
});

describe("compareAmounts", () => {
  it("compares exactly where floats would not", () => {
    expect(compareAmounts("0.30", "0.3")).toBe(0);
    expect(compareAmounts("1000.00", "1000")).toBe(0);
    expect(compareAmounts("1000.01", "1000.00")).toBe(1);
    expect(compareAmounts("999.99", "1000.00")).toBe(-1);
    expect(compareAmounts("90071992547409.93", "90071992547409.92")).toBe(1);
    expect(compareAmounts("12.", "12.00")).toBe(0);
    expect(compareAmounts("-1.00", "0")).toBe(-1);
  });

  it("throws on a value that is not an amount", () => {
    expect(() => compareAmounts("1.234", "1")).toThrow();
    expect(() => compareAmounts("1", "x")).toThrow();
  });
});

describe("isPositiveAmount", () => {
  it("is false for zero in any spelling and for non-amounts", () => {
    for (const raw of ["0", "0.0", "0.00", "00", "", "x"]) expect(isPositiveAmount(raw)).toBe(false);
    expect(isPositiveAmount("0.01")).toBe(true);
    expect(isPositiveAmount("100")).toBe(true);
  });
});
