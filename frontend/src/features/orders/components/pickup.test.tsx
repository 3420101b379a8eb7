import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import type { OrderSummary } from "../api";
import { OrderList } from "./OrderList";
import { PickButton } from "./pickup";
import { NoIntersections } from "./testing";

function summary(id: number, number: string): OrderSummary {
  return {
    id,
    number,
    created_at: "2026-11-20T08:00:00Z",
    status: 5,
    status_label: "Awaiting pickup",
    title: "Ceramic mug",
    image: null,
    line_count: 1,
    quantity: 1,
    total_payment: "20.00",
    total_cost: "18.00",
    earnings: "2.00",
    pickup_deadline: "2026-11-22T08:00:00Z",
    pickup_paused_left: null,
    ship_deadline: null,
    settle_at: null,
  };
}

function answer(body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } }));
}

function mount(ui: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en" messages={{}}>
        <MemoryRouter initialEntries={["/order"]}>
          <Routes>
            <Route path="/order" element={ui} />
            <Route path="/recharge" element={<p>Deposit screen</p>} />
          </Routes>
        </MemoryRouter>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

async function typePayPassword(digits: string) {
  // On the payment password sheet's own keypad (the list's figures have digits too).
  const keypad = await waitFor(() => document.querySelector<HTMLElement>(".pay-password-keyboard") ?? Promise.reject(new Error("no keypad")), {
    timeout: 3000,
  });
  await within(keypad).findAllByText("2");
  for (const digit of digits) {
    act(() => {
      fireEvent.click(within(keypad).getByText(digit));
    });
  }
}

afterEach(() => vi.unstubAllGlobals());

describe("pickup", () => {
  it("after picking up all, the screen shows what was picked up, paid and skipped (with the shortfall and a Deposit), then all caught up", async () => {
    vi.stubGlobal("IntersectionObserver", NoIntersections);
    let awaiting = 2;
    const posts: RequestInit[] = [];
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith("/merchant/order/pick_batch")) {
        posts.push(init!);
        awaiting = 0; // one picked up, the other cancelled meanwhile or skipped: nothing is left to pick up
        return answer({
          code: 1,
          msg: "Picked up: 1. Not picked up: 1.",
          data: {
            picked: 1,
            skipped: 1,
            paid: "18.00",
            shortfall: "17.80",
            results: [
              { id: 1, number: "O-FIRST", result: "picked", result_label: "Picked up", cost: "18.00", order_cost: "18.00" },
              { id: 2, number: "O-SECOND", result: "insufficient", result_label: "Insufficient balance", cost: "0.00", order_cost: "18.00" },
            ],
          },
        });
      }
      const list = awaiting ? [summary(1, "O-FIRST"), summary(2, "O-SECOND")].slice(0, awaiting) : [];
      const counts = { "0": 0, "5": awaiting, "1": 0, "2": 0, "3": 0, "4": 0, "-1": 0, "-2": 0 };
      return answer({
        code: 1,
        msg: "",
        data: { total: list.length, list, page: 1, limit: 20, counts, awaiting_pickup: awaiting, awaiting_pickup_cost: awaiting ? "36.00" : "0.00" },
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    mount(<OrderList />);
    fireEvent.click(await screen.findByTestId("order-tab-5"));
    fireEvent.click(await screen.findByRole("button", { name: "Pick up all (2)" }));
    expect(await screen.findByText("up to $36.00")).toBeTruthy();
    await typePayPassword("246810");

    // The button is gone (nothing awaits pickup), the result stays.
    await waitFor(() => expect(screen.queryByTestId("pick-up-all")).toBeNull());
    const results = await screen.findByTestId("pick-results");
    expect(results.textContent).toContain("Picked up: 1");
    expect(results.textContent).toContain("Not picked up: 1");
    expect(screen.getByTestId("pick-paid").textContent).toBe("Paid: $18.00");
    expect(screen.getByTestId("pick-result-insufficient").textContent).toContain("O-SECOND");
    expect(screen.getByTestId("pick-result-insufficient").textContent).toContain("Insufficient balance · $18.00");
    expect(screen.getByTestId("pick-shortfall").textContent).toContain("$17.80");
    expect(JSON.parse(posts[0].body as string)).toEqual({ all: true, pay_password: "246810" });
    expect(new Headers(posts[0].headers).get("Idempotency-Key")).toBeTruthy();

    fireEvent.click(screen.getByTestId("pick-results-close"));
    await waitFor(() => expect(screen.queryByTestId("pick-results")).toBeNull());
    expect(await screen.findByText("All caught up: no order awaits pickup.")).toBeTruthy();
  });

  it("the result's Deposit goes to the deposit methods", async () => {
    vi.stubGlobal("IntersectionObserver", NoIntersections);
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) =>
        url.startsWith("/merchant/order/pick_batch")
          ? answer({
              code: 1,
              msg: "Picked up: 0. Not picked up: 1.",
              data: {
                picked: 0,
                skipped: 1,
                paid: "0.00",
                shortfall: "8.00",
                results: [{ id: 2, number: "O-2", result: "insufficient", result_label: "Insufficient balance", cost: "0.00", order_cost: "18.00" }],
              },
            })
          : answer({
              code: 1,
              msg: "",
              data: { total: 1, list: [summary(2, "O-2")], page: 1, limit: 20, counts: { "5": 1 }, awaiting_pickup: 1, awaiting_pickup_cost: "18.00" },
            }),
      ),
    );
    mount(<OrderList />);
    fireEvent.click(await screen.findByTestId("order-tab-5"));
    fireEvent.click(await screen.findByRole("button", { name: "Pick up all (1)" }));
    await typePayPassword("246810");
    fireEvent.click(await screen.findByTestId("pick-deposit"));
    await waitFor(() => expect(screen.getByText("Deposit screen")).toBeTruthy());
  });

  it("offers a deposit when the balance is too low for the order", async () => {
    const message = "Your balance is 10.00 USD and this order costs 18.00 USD. Please deposit to pick it up.";
    vi.stubGlobal("fetch", vi.fn(() => answer({ code: 0, msg: message, data: { error: 1006, shortfall: "8.00" } })));
    mount(<PickButton order={{ id: 7, number: "O-7", total_cost: "18.00" }} />);
    fireEvent.click(screen.getByRole("button", { name: "Pick up" }));
    await typePayPassword("246810");

    expect((await screen.findByTestId("pick-insufficient")).textContent).toBe(message);
    fireEvent.click(screen.getByText("Deposit"));
    await waitFor(() => expect(screen.getByText("Deposit screen")).toBeTruthy());
  });
});
