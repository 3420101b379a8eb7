import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import { AccountHistory } from "./AccountHistory";
import { AccountHistoryLink } from "./AccountHistoryLink";

function answer(data: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify({ code: 1, msg: "ok", data }), { status: 200, headers: { "Content-Type": "application/json" } }),
  );
}

const REMOVED = {
  id: 7,
  created_at: "2026-11-25T08:30:00+00:00",
  kind: "listing_removed",
  title: "“Desk lamp” was removed from your shop",
  reason: "Counterfeit goods reported by buyers",
  second_operator: false,
};
const ADJUSTED = {
  id: 6,
  created_at: "2026-11-24T10:00:00+00:00",
  kind: "balance_adjustment",
  title: "Your balance was adjusted by 5.00 USD",
  reason: "Courier fee returned",
  second_operator: true,
};

function mount() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en" messages={{}}>
        <MemoryRouter>
          <AccountHistory />
        </MemoryRouter>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("AccountHistory", () => {
  it("lists each operator action with what was done, the reason, the time and a second operator's approval", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(() => answer({ total: 2, list: [REMOVED, ADJUSTED], page: 1, limit: 20 }));
    mount();
    expect(await screen.findByText("“Desk lamp” was removed from your shop")).toBeTruthy();
    const rows = screen.getAllByTestId("operator-action");
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain("Reason: Counterfeit goods reported by buyers");
    expect(rows[0].textContent).not.toContain("Approved by a second operator");
    expect(rows[1].textContent).toContain("Your balance was adjusted by 5.00 USD");
    expect(rows[1].textContent).toContain("Approved by a second operator");
    expect(rows[0].textContent).toMatch(/2026/); // the time, formatted
    const url = String(fetch.mock.calls[0][0]);
    expect(url).toContain("/merchant/merchant/operator_actions");
    expect(url).toContain("page=1");
    expect(url).toContain("limit=20");
    expect(await screen.findByText("No more")).toBeTruthy();
  });

  it("says so when no operator ever acted on the account", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(() => answer({ total: 0, list: [], page: 1, limit: 20 }));
    mount();
    expect(await screen.findByText("No operator has acted on your account.")).toBeTruthy();
    expect(screen.getByText("No records yet")).toBeTruthy();
    expect(screen.queryAllByTestId("operator-action")).toHaveLength(0);
  });

  it("is opened from Personal information", () => {
    render(
      <IntlProvider locale="en" messages={{}}>
        <MemoryRouter initialEntries={["/personalInfo"]}>
          <Routes>
            <Route path="/personalInfo" element={<AccountHistoryLink />} />
            <Route path="/accountHistory" element={<p>history screen</p>} />
          </Routes>
        </MemoryRouter>
      </IntlProvider>,
    );
    fireEvent.click(screen.getByText("Account history"));
    expect(screen.getByText("history screen")).toBeTruthy();
  });
});
