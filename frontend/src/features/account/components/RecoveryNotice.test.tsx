import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import { RecoveryNotice } from "./RecoveryNotice";

function answer(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } }));
}

const RECOVERY = {
  id: 7,
  status: "approved",
  status_label: "Approved",
  new_email: "attacker@evil.example",
  new_phone: "",
  reason: "Lost access, by phone",
  created_at: "2026-11-27T10:00:00+00:00",
  effective_at: "2026-11-30T10:00:00+00:00",
};

function mount() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en" messages={{}}>
        <RecoveryNotice />
      </IntlProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("RecoveryNotice", () => {
  it("shows a pending recovery with its new contact, reason and time, and cancels it after a confirmation", async () => {
    const fetchMock = vi.fn((url: string) =>
      url.endsWith("/cancel_recovery")
        ? answer({ code: 1, msg: "Account recovery cancelled. Nothing was changed.", data: { recovery: null, delay_hours: 72 } })
        : answer({ code: 1, msg: "ok", data: { recovery: RECOVERY, delay_hours: 72 } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    mount();
    const notice = await screen.findByTestId("recovery-notice");
    expect(notice.getAttribute("role")).toBe("alert");
    expect(notice.textContent).toContain("An operator asked to change your contact details");
    expect(notice.textContent).toContain("attacker@evil.example");
    expect(notice.textContent).toContain("Approved by a second operator: it takes effect on");
    expect(notice.textContent).toContain("Operator's reason: Lost access, by phone");

    fireEvent.click(screen.getByTestId("recovery-cancel"));
    fireEvent.click(await screen.findByTestId("confirm-danger"));
    await waitFor(() => expect(screen.queryByTestId("recovery-notice")).toBeNull());
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe("/merchant/merchant/cancel_recovery");
    expect(JSON.parse(init.body as string)).toEqual({ id: 7 });
  });

  it("says a requested recovery still needs a second operator and the delay", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => answer({ code: 1, msg: "ok", data: { recovery: { ...RECOVERY, status: "requested", effective_at: null }, delay_hours: 72 } })),
    );
    mount();
    expect((await screen.findByTestId("recovery-notice")).textContent).toContain(
      "A second operator must approve it, and it takes effect only 72 hours after that.",
    );
  });

  it("shows nothing when there is no recovery", async () => {
    const fetchMock = vi.fn(() => answer({ code: 1, msg: "ok", data: { recovery: null, delay_hours: 72 } }));
    vi.stubGlobal("fetch", fetchMock);
    mount();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId("recovery-notice")).toBeNull();
  });
});
