import type { ReactNode } from "react";
import { renderHook } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { useIdParam } from "./useIdParam";

const idOf = (search: string) =>
  renderHook(useIdParam, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={[`/orderDetail${search}`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        {children}
      </MemoryRouter>
    ),
  }).result.current;

describe("useIdParam: a detail screen's id", () => {
  it("reads a positive whole number", () => {
    expect(idOf("?id=12")).toBe(12);
  });

  it("is null for a missing, empty or mistyped id, so the screen says not found instead of loading forever", () => {
    for (const search of ["", "?id=", "?id=abc", "?id=0", "?id=-3", "?id=1.5", "?id=9007199254740993"]) {
      expect(idOf(search), search).toBeNull();
    }
  });
});
