import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api";
import { refusedResult } from "./useDistributeAction";

describe("refusedResult", () => {
  it("reads the counts of a refusal at the level's product quantity", () => {
    const error = new ApiError(0, "Product limit for your level: 20.", { error: 1007, added: 0, skipped: 3, already: 1, limit: 20 });
    expect(refusedResult(error)).toEqual({ added: 0, skipped: 3, already: 1, limit: 20 });
  });

  it("is null for other rejections and for transport failures", () => {
    expect(refusedResult(new ApiError(0, "Please select a product", { error: 1000, errors: {} }))).toBeNull();
    expect(refusedResult(new ApiError(0, "Bad gateway", { limit: 20, skipped: 1 }, 502))).toBeNull();
    expect(refusedResult(new Error("offline"))).toBeNull();
  });
});
