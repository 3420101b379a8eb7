import { describe, expect, it } from "vitest";
import { roundTicks } from "./ticks";

describe("roundTicks", () => {
  it("steps by 1, 2 or 5 times a power of ten, from 0 to at least the highest value", () => {
    expect(roundTicks([2])).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(roundTicks([7.26])).toEqual([0, 2, 4, 6, 8]);
    expect(roundTicks([0.37, 0.1])).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(roundTicks([1250.5, 30])).toEqual([0, 500, 1000, 1500]);
  });

  it("goes below 0 for a negative date (a refund after receipt)", () => {
    expect(roundTicks([-3, 8])).toEqual([-5, 0, 5, 10]);
  });

  it("draws an axis from 0 to 1 when every value is 0", () => {
    expect(roundTicks([0, 0])).toEqual([0, 1]);
    expect(roundTicks([])).toEqual([0, 1]);
  });
});
