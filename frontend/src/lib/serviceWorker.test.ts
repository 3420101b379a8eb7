import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyUpdate, useUpdateReady, watch } from "./serviceWorker";

/** A worker, its registration and the page's container, as the browser gives them (events and state only). */
function fakeBrowser() {
  const worker = Object.assign(new EventTarget(), { state: "installing", postMessage: vi.fn() });
  const registration = Object.assign(new EventTarget(), { installing: null as unknown, waiting: null as unknown });
  const container = Object.assign(new EventTarget(), { controller: { postMessage: vi.fn() } });
  const install = () => {
    registration.installing = worker;
    registration.dispatchEvent(new Event("updatefound"));
    worker.state = "installed";
    worker.dispatchEvent(new Event("statechange"));
  };
  return { worker, registration, container, install };
}

describe("a new version of the app", () => {
  const reload = vi.fn();
  afterEach(() => vi.unstubAllGlobals());

  it("is offered when it waits, and takes over only when the merchant taps Reload", () => {
    vi.stubGlobal("location", { ...window.location, reload });
    const browser = fakeBrowser();
    watch(browser.registration as never, browser.container as never);
    const { result } = renderHook(() => useUpdateReady());
    expect(result.current).toBe(false);

    act(() => browser.install());
    expect(result.current).toBe(true);
    expect(browser.worker.postMessage).not.toHaveBeenCalled(); // never by itself

    browser.container.dispatchEvent(new Event("controllerchange")); // another tab's tap: this page is not reloaded
    expect(reload).not.toHaveBeenCalled();

    applyUpdate();
    expect(browser.worker.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
    browser.container.dispatchEvent(new Event("controllerchange"));
    expect(reload).toHaveBeenCalledOnce();
  });
});
