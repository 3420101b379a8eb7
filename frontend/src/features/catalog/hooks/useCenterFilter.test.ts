import { describe, expect, it } from "vitest";
import { filterFromParams } from "./useCenterFilter";

describe("filterFromParams", () => {
  it("keeps a positive category id and a trimmed keyword", () => {
    expect(filterFromParams(new URLSearchParams("category=3&keyword=%20mug%20"))).toEqual({ category: 3, keyword: "mug" });
  });

  it("drops an empty, invalid or missing filter so the query key stays the same as no filter", () => {
    expect(filterFromParams(new URLSearchParams("category=abc&keyword=%20"))).toEqual({});
    expect(filterFromParams(new URLSearchParams("category=-2"))).toEqual({});
    expect(filterFromParams(new URLSearchParams("category=1.5"))).toEqual({});
    expect(filterFromParams(new URLSearchParams(""))).toEqual({});
  });
});
