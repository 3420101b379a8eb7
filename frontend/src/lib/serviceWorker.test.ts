import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyUpdate, useUpdateReady, watch } from "./serviceWorker";

type Listener = (event: { isUpdate?: boolean }) => void;

/** workbox-window's Workbox as the page sees it: events from the worker, and the message that lets it take over. */
function fakeWorkbox() {
  const listeners: Record<string, Listener[]> = {};
  return {
    addEventListener: (type: string, listener: Listener) => (listeners[type] ??= []).push(listener),
    messageSkipWaiting: vi.fn(),
    emit: (type: string) => listeners[type]?.forEach((listener) => listener({ isUpdate: true })),
  };
}

describe("a new version of the app", () => {
  const reload = vi.fn();
  afterEach(() => vi.unstubAllGlobals());

  it("is offered when it waits, and takes over only when the merchant taps Reload", () => {
    vi.stubGlobal("location", { ...window.location, reload });
    const wb = fakeWorkbox();
    watch(wb);
    const { result } = renderHook(() => useUpdateReady());
    expect(result.current).toBe(false);

    act(() => wb.emit("waiting"));
    expect(result.current).toBe(true);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled(); // never by itself

    wb.emit("controlling"); // another tab's tap: this page is not reloaded under its merchant
    expect(reload).not.toHaveBeenCalled();

    applyUpdate();
    expect(wb.messageSkipWaiting).toHaveBeenCalledOnce();
    wb.emit("controlling");
    expect(reload).toHaveBeenCalledOnce();
  });
});
