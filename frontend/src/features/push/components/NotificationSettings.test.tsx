import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import { NotificationSettings } from "./NotificationSettings";

function answer(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } }));
}

const KINDS = ["order_waiting", "pickup_deadline", "money_decided", "refund_request", "support_reply", "security"];
const SETTINGS = { public_key: "BAEC", kinds: KINDS.map((kind) => ({ kind, on: true })) };

/** The browser's side, which jsdom lacks: Notification, a service worker registration and its PushManager. */
function stubBrowser(permission: NotificationPermission, granted: NotificationPermission = "granted") {
  let subscription: { endpoint: string; toJSON: () => PushSubscriptionJSON; unsubscribe: () => Promise<boolean> } | null = null;
  const unsubscribe = vi.fn(() => {
    subscription = null;
    return Promise.resolve(true);
  });
  const subscribe = vi.fn(() => {
    subscription = {
      endpoint: "https://push.example/s/1",
      toJSON: () => ({ endpoint: "https://push.example/s/1", keys: { p256dh: "BPk", auth: "au" } }),
      unsubscribe,
    };
    return Promise.resolve(subscription);
  });
  const registration = { pushManager: { subscribe, getSubscription: () => Promise.resolve(subscription) } };
  const notification = {
    permission,
    requestPermission: vi.fn(() => {
      notification.permission = granted;
      return Promise.resolve(granted);
    }),
  };
  vi.stubGlobal("Notification", notification);
  vi.stubGlobal("PushManager", class {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration), ready: Promise.resolve(registration) },
  });
  return { subscribe, unsubscribe, notification };
}

function draw(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal("fetch", fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en" messages={{}}>
        <NotificationSettings />
      </IntlProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("NotificationSettings", () => {
  it("says when the browser cannot receive notifications, and still shows the account's kinds", async () => {
    draw(vi.fn(() => answer({ code: 1, msg: "ok", data: SETTINGS })));
    expect(await screen.findByTestId("push-unsupported")).toBeTruthy();
    await screen.findByTestId("push-kinds");
    expect(screen.queryByTestId("push-main")).toBeNull();
  });

  it("says how to allow notifications when the browser blocks them", async () => {
    stubBrowser("denied");
    draw(vi.fn(() => answer({ code: 1, msg: "ok", data: SETTINGS })));
    expect((await screen.findByTestId("push-denied")).textContent).toContain("allow notifications for this site");
  });

  it("turns on: the prompt, the subscription with the server's key, then push_subscribe", async () => {
    const browser = stubBrowser("default");
    const fetchMock = vi.fn((url: string) =>
      url.endsWith("/push_subscribe") ? answer({ code: 1, msg: "Notifications are on.", data: {} }) : answer({ code: 1, msg: "ok", data: SETTINGS }),
    );
    draw(fetchMock);
    const main = await screen.findByTestId("push-main");
    await waitFor(() => expect(main.getAttribute("aria-disabled")).toBe("false"));
    fireEvent.click(main);
    await waitFor(() => expect(screen.getByTestId("push-main").getAttribute("aria-checked")).toBe("true"));
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    const [options] = browser.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual([4, 1, 2]);
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/push_subscribe")) as unknown as [string, RequestInit];
    expect(JSON.parse(call[1].body as string)).toEqual({ endpoint: "https://push.example/s/1", p256dh: "BPk", auth: "au" });
  });

  it("ends the browser's subscription when the server refuses it", async () => {
    const browser = stubBrowser("granted");
    const fetchMock = vi.fn((url: string) =>
      url.endsWith("/push_subscribe")
        ? answer({ code: 0, msg: "This push service is not allowed.", data: { error: "invalid" } })
        : answer({ code: 1, msg: "ok", data: SETTINGS }),
    );
    draw(fetchMock);
    const main = await screen.findByTestId("push-main");
    await waitFor(() => expect(main.getAttribute("aria-disabled")).toBe("false"));
    fireEvent.click(main);
    await waitFor(() => expect(browser.unsubscribe).toHaveBeenCalledOnce());
    await waitFor(() => expect(screen.getByTestId("push-main").getAttribute("aria-checked")).toBe("false"));
  });

  it("stays off when the merchant does not allow notifications at the prompt", async () => {
    const browser = stubBrowser("default", "denied");
    const fetchMock = vi.fn(() => answer({ code: 1, msg: "ok", data: SETTINGS }));
    draw(fetchMock);
    const main = await screen.findByTestId("push-main");
    await waitFor(() => expect(main.getAttribute("aria-disabled")).toBe("false"));
    fireEvent.click(main);
    expect(await screen.findByTestId("push-denied")).toBeTruthy();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it("tells the server again of this browser's subscription when the screen opens", async () => {
    const browser = stubBrowser("granted");
    await browser.subscribe();
    const fetchMock = vi.fn((url: string) =>
      url.endsWith("/push_subscribe") ? answer({ code: 1, msg: "Notifications are on.", data: null }) : answer({ code: 1, msg: "ok", data: SETTINGS }),
    );
    draw(fetchMock);
    await waitFor(() => expect(screen.getByTestId("push-main").getAttribute("aria-checked")).toBe("true"));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/push_subscribe")) as unknown as [string, RequestInit];
    expect(JSON.parse(call[1].body as string)).toEqual({ endpoint: "https://push.example/s/1", p256dh: "BPk", auth: "au" });
    expect(browser.subscribe).toHaveBeenCalledOnce(); // made with the server's key: not made again
  });

  it("makes a subscription of an older server key again with the current key, without a prompt", async () => {
    const browser = stubBrowser("granted");
    const old = await browser.subscribe();
    Object.assign(old, { options: { applicationServerKey: new Uint8Array([4, 9, 9]).buffer } });
    draw(vi.fn(() => answer({ code: 1, msg: "ok", data: SETTINGS })));
    await waitFor(() => expect(browser.subscribe).toHaveBeenCalledTimes(2));
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
    const [options] = browser.subscribe.mock.calls[1] as unknown as [PushSubscriptionOptionsInit];
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual([4, 1, 2]);
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });

  it("turns a kind off with push_kinds", async () => {
    const fetchMock = vi.fn((url: string) =>
      url.endsWith("/push_kinds")
        ? answer({ code: 1, msg: "Saved.", data: { ...SETTINGS, kinds: KINDS.map((kind) => ({ kind, on: kind !== "security" })) } })
        : answer({ code: 1, msg: "ok", data: SETTINGS }),
    );
    draw(fetchMock);
    fireEvent.click(await screen.findByTestId("push-kind-security"));
    await waitFor(() => expect(screen.getByTestId("push-kind-security").getAttribute("aria-checked")).toBe("false"));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/push_kinds")) as unknown as [string, RequestInit];
    expect(JSON.parse(call[1].body as string)).toEqual({ kinds: { security: false } });
  });
});
