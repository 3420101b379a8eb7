import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import { IntlRoot } from "@/lib/intl";
import { updateSession } from "@/lib/session";
import HomeScreen from "./Home";

const MERCHANT = {
  id: 1,
  phone: "+15550100",
  email: null,
  real_name: "Alex Morgan",
  country: "US",
  avatar: null,
  verified: true,
  status: 1,
  status_label: "Active",
  status_reason: "",
  language: "en",
  time_zone: "UTC",
  has_pay_password: true,
  invite_code: "ABC123",
  created_at: "2026-11-01T00:00:00Z",
  shop: null,
  level: null,
  balance: "1250.50",
  pending_amount: "0.00",
  held_amount: "0.00",
  pending_sales: "0.00",
  total_income: "0.00",
};

const FIGURES = {
  time_zone: "UTC",
  today: "2026-11-27",
  total_sales: "72.60",
  total_profit: "7.26",
  today_orders: 1,
  today_sales: "12.00",
  today_profit: "1.20",
  followers: 2,
  rating: "4.25",
  rating_count: 4,
  credit_score: 100,
  visitors_today: 3,
  visitors_seven: 5,
  visitors_thirty: 9,
  awaiting_pickup: 2,
  unread_messages: 0,
};

const ok = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ code: 1, msg: "", data }), { status: 200 }));

/** The server's answers to Home's reads; `figures` answers index/index. */
function server(figures: () => Promise<Response>) {
  return vi.fn((url: string) => {
    if (url.includes("/index/index")) return figures();
    if (url.includes("/merchant/getMerInfo")) return ok(MERCHANT);
    if (url.includes("/merchant/recovery")) return ok({ recovery: null, delay_hours: 72 });
    return ok({ list: [], total: 0, unread: 0, count: 0 }); // lists (announcements) and counts
  });
}

function Where() {
  const location = useLocation();
  return <p data-testid="at">{location.pathname + location.search}</p>;
}

function renderHome() {
  updateSession({ lang: "en", token: "tok" });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlRoot>
        <MemoryRouter initialEntries={["/home"]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Routes>
            <Route path="/home" element={<HomeScreen />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </IntlRoot>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Home", () => {
  it("says a failed load with a retry, promptly, and draws the figures once the retry is answered", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let failing = true;
    const fetchMock = server(() => (failing ? Promise.resolve(new Response("", { status: 502 })) : ok(FIGURES)));
    vi.stubGlobal("fetch", fetchMock);
    vi.spyOn(console, "error").mockImplementation(() => undefined); // the client logs the failed call
    renderHome();

    await vi.advanceTimersByTimeAsync(5_000); // the query client's retries (1 s, then 2 s)
    const failed = await screen.findByTestId("load-failed");
    expect(failed.textContent).toContain("Could not load");
    expect(screen.queryByTestId("home-figures")).toBeNull();

    failing = false;
    fireEvent.click(screen.getByTestId("load-retry"));
    expect(await screen.findByTestId("home-figures")).toBeTruthy();
    expect(screen.queryByTestId("load-failed")).toBeNull();
  }, 20_000);

  it("opens the Orders screen on its Awaiting pickup tab from the figure", async () => {
    vi.stubGlobal("fetch", server(() => ok(FIGURES)));
    renderHome();
    const figures = await screen.findByTestId("home-figures");
    fireEvent.click(figures.querySelector('[data-testid="awaiting-pickup"] .figures-cell-link')!);
    await waitFor(() => expect(screen.getByTestId("at").textContent).toBe("/order?tab=5"));
  }, 20_000);
});
