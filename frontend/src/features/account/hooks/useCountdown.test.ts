import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCountdown } from "./useCountdown";

describe("useCountdown", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("counts down once per second after start and stops at zero", () => {
    const { result } = renderHook(() => useCountdown(3));
    expect(result.current.running).toBe(false);
    act(() => result.current.start());
    expect(result.current).toMatchObject({ left: 3, running: true });
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(2);
    act(() => void vi.advanceTimersByTime(1000));
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current).toMatchObject({ left: 0, running: false });
    act(() => void vi.advanceTimersByTime(5000));
    expect(result.current.left).toBe(0);
  });
});
