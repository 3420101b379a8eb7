import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import { PickAllButton, PickButton } from "./pickup";

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
  await screen.findAllByText("2", undefined, { timeout: 3000 });
  for (const digit of digits) {
    act(() => {
      fireEvent.click(screen.getAllByText(digit).at(-1)!);
    });
  }
}

afterEach(() => vi.unstubAllGlobals());

describe("pickup", () => {
  it("picks up all with one payment password and lists which orders were picked up and which not", async () => {
    const fetchMock = vi.fn(() =>
      answer({
        code: 1,
        msg: "Picked up: 1. Not picked up: 1.",
        data: {
          picked: 1,
          skipped: 1,
          results: [
            { id: 1, number: "O-FIRST", result: "picked", result_label: "Picked up", cost: "18.00" },
            { id: 2, number: "O-SECOND", result: "insufficient", result_label: "Insufficient balance", cost: "0.00" },
          ],
        },
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    mount(<PickAllButton count={2} totalCost="36.00" />);
    fireEvent.click(screen.getByRole("button", { name: "Pick up all (2)" }));
    expect(await screen.findByText("up to $36.00")).toBeTruthy();
    await typePayPassword("246810");

    const results = await screen.findByTestId("pick-results");
    expect(results.textContent).toContain("Picked up: 1");
    expect(results.textContent).toContain("Not picked up: 1");
    expect(screen.getByTestId("pick-result-insufficient").textContent).toContain("O-SECOND");
    expect(screen.getByTestId("pick-result-insufficient").textContent).toContain("Insufficient balance");
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/merchant/order/pick_batch");
    expect(JSON.parse(init.body as string)).toEqual({ all: true, pay_password: "246810" });
    expect(new Headers(init.headers).get("Idempotency-Key")).toBeTruthy();
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
