import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import type { Withdrawal } from "../api";
import { WithdrawalRecords } from "./WithdrawalRecords";

function answer(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } }));
}

const IN_REVIEW: Withdrawal = {
  id: 7,
  number: "W-7",
  created_at: "2026-11-20T08:00:00Z",
  method: "bank",
  method_label: "Bank card",
  currency: "USD",
  network: null,
  account: "•••• 2222",
  destination: { id: 3, name: "Good Bank •••• 2222", account: "•••• 2222" },
  amount: "60.00",
  fee: "2.20",
  actual_amount: "57.80",
  status: 0,
  status_label: "In review",
  reason: "",
  review_deadline: "2026-11-22T08:00:00Z",
  overdue: true,
};
const CANCELLED: Withdrawal = { ...IN_REVIEW, status: 3, status_label: "Cancelled", review_deadline: null, overdue: false };

function page(item: Withdrawal) {
  return { code: 1, msg: "", data: { total: 1, page: 1, limit: 20, list: [item] } };
}

afterEach(() => vi.unstubAllGlobals());

describe("withdrawal records", () => {
  function renderRecords() {
    let cancelled = false;
    const fetchMock = vi.fn((url: string) => {
      if (url.startsWith("/merchant/merchant/extract_cancel")) {
        cancelled = true;
        return answer({ code: 1, msg: "Withdrawal cancelled. The amount is back in your balance.", data: CANCELLED });
      }
      return answer(page(cancelled ? CANCELLED : IN_REVIEW));
    });
    vi.stubGlobal("fetch", fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <IntlProvider locale="en" messages={{}} timeZone="UTC">
          <WithdrawalRecords />
        </IntlProvider>
      </QueryClientProvider>,
    );
    return fetchMock;
  }

  it("shows the review deadline of a withdrawal in review and cancels nothing when the merchant keeps it", async () => {
    const fetchMock = renderRecords();
    expect(await screen.findByTestId("withdrawal-deadline")).toBeTruthy();
    expect(screen.getByTestId("withdrawal-overdue").textContent).toBe("Overdue");

    fireEvent.click(screen.getByTestId("cancel-withdrawal"));
    expect((await screen.findByTestId("cancel-withdrawal-confirm")).textContent).toBe(
      "Cancel withdrawal W-7? $60.00 goes back to your balance.",
    );
    fireEvent.click(screen.getByText("Keep it"));
    // The screen is no longer dimmed: the dialog is closing (antd-mobile's popup body may stay mounted in jsdom when
    // its close animation's end races the render; setup.ts empties the page after each test).
    await waitFor(() => expect(document.querySelector(".adm-mask")).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("extract_cancel"))).toBe(false);
  });

  it("cancels a withdrawal in review after asking, without a payment password", async () => {
    const fetchMock = renderRecords();
    fireEvent.click(await screen.findByTestId("cancel-withdrawal"));
    fireEvent.click(await screen.findByTestId("confirm-danger"));
    await waitFor(() => expect(screen.queryByTestId("cancel-withdrawal")).toBeNull());
    const [url, init] = fetchMock.mock.calls.find(([called]) => String(called).includes("extract_cancel")) as unknown as [
      string,
      RequestInit,
    ];
    expect(url).toBe("/merchant/merchant/extract_cancel");
    expect(JSON.parse(init.body as string)).toEqual({ id: 7 });
    expect(new Headers(init.headers).get("Idempotency-Key")).toBeTruthy();
    expect(await screen.findByText("Cancelled")).toBeTruthy();
    expect(screen.queryByTestId("withdrawal-deadline")).toBeNull();
  });
});
