import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import { DeviceList } from "./DeviceList";

function answer(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } }));
}

const ROW = { place: null, signed_in_at: "2026-11-28T02:00:00+00:00", last_used_at: "2026-11-28T02:05:00+00:00" };
const PAGE = {
  total: 2,
  page: 1,
  limit: 100,
  list: [
    { ...ROW, id: 7, device: "Chrome on Android", browser: "Chrome", system: "Android", ip: "203.0.113.7", current: true },
    { ...ROW, id: 9, device: "curl/8.5.0", browser: "", system: "", ip: "198.51.100.4", place: "Bangkok, Thailand", current: false },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe("DeviceList", () => {
  it("marks this device, names the other and signs it out after a confirmation", async () => {
    const fetchMock = vi.fn((url: string) =>
      url.endsWith("/device_signout")
        ? answer({ code: 1, msg: "The device was signed out.", data: { signed_out: 1 } })
        : answer({ code: 1, msg: "ok", data: PAGE }),
    );
    vi.stubGlobal("fetch", fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <IntlProvider locale="en" messages={{}}>
          <DeviceList />
        </IntlProvider>
      </QueryClientProvider>,
    );
    const current = await screen.findByTestId("device-current");
    expect(current.textContent).toContain("Chrome on Android");
    expect(current.textContent).toContain("This device");
    const other = screen.getByTestId("device-other");
    expect(other.textContent).toContain("curl/8.5.0");
    expect(other.textContent).toContain("198.51.100.4 · Bangkok, Thailand");

    fireEvent.click(screen.getByTestId("device-signout"));
    fireEvent.click(await screen.findByTestId("confirm-danger"));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2));
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe("/merchant/merchant/device_signout");
    expect(JSON.parse(init.body as string)).toEqual({ id: 9 });
  });
});
