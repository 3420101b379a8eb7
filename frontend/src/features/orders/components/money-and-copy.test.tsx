import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import type { OrderDetail, OrderStatus, RefundItem, RefundStatus } from "../api";
import { OrderDetailView } from "./OrderDetailView";
import { OrderList } from "./OrderList";
import { RefundList } from "./RefundList";
import { NoIntersections, orderDetail } from "./testing";

function order(status: OrderStatus, extra: Partial<OrderDetail> = {}): OrderDetail {
  return orderDetail({ status, status_label: `Status ${status}`, ...extra });
}

function refund(id: number, status: RefundStatus): RefundItem {
  return {
    id,
    created_at: "2026-11-21T08:00:00Z",
    amount: "20.00",
    reason: "Late",
    goods_status: "not_received",
    goods_status_label: "Not received",
    status,
    status_label: `Refund ${status}`,
    decision_note: "",
    decided_at: null,
    order_id: 9,
    order_number: `O-${id}`,
    order_status: 2,
    order_status_label: "Shipped",
    title: "Ceramic mug",
    image: null,
    quantity: 1,
    total_cost: "18.00",
  };
}

function serve(data: unknown) {
  vi.stubGlobal("IntersectionObserver", NoIntersections);
  vi.stubGlobal(
    "fetch",
    vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ code: 1, msg: "", data }), { status: 200, headers: { "Content-Type": "application/json" } })),
    ),
  );
}

function mount(ui: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en" messages={{}} timeZone="UTC">
        <MemoryRouter>{ui}</MemoryRouter>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("earnings, copy buttons and refunds' money", () => {
  it("a cancelled or refunded order's card says no earnings, its amount struck through (not green); others earn", async () => {
    const page = (status: OrderStatus, id: number) => ({ ...order(status), id, number: `O-${id}` });
    serve({ total: 3, list: [page(-1, 1), page(-2, 2), page(4, 3)], page: 1, limit: 20, counts: {}, awaiting_pickup: 0, awaiting_pickup_cost: "0.00" });
    mount(<OrderList />);
    const cards = await screen.findAllByTestId("order-card");
    const earnings = cards.map((card) => within(card).getByTestId("order-earnings"));
    for (const closed of earnings.slice(0, 2)) {
      expect(closed.textContent).toBe("No earnings$2.00");
      expect(closed.querySelector("s")?.textContent).toBe("$2.00");
      expect(closed.className).toBe("orders-earnings-void");
    }
    expect(earnings[2].textContent).toBe("Your earnings$2.00");
    expect(earnings[2].className).toBe("orders-earnings");
  });

  it("the detail of a refunded order says no earnings; copy buttons copy the order and tracking numbers", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    serve(order(-2));
    mount(<OrderDetailView id={9} />);
    const earnings = await screen.findByTestId("order-earnings");
    expect(earnings.tagName).toBe("S");
    expect(earnings.parentElement?.parentElement?.textContent).toBe("No earnings$2.00");
    const [numberCopy, trackingCopy] = screen.getAllByTestId("copy");
    fireEvent.click(numberCopy);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("O-20261120-0009"));
    fireEvent.click(trackingCopy);
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith("JD0042"));
  });

  it("a card's copy button copies its number without opening the order", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    serve({ total: 1, list: [order(1)], page: 1, limit: 20, counts: {}, awaiting_pickup: 0, awaiting_pickup_cost: "0.00" });
    mount(<OrderList />);
    fireEvent.click(within(await screen.findByTestId("order-card")).getByTestId("copy"));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("O-20261120-0009"));
    expect(screen.getByTestId("order-card")).toBeTruthy(); // still on the list
  });

  it("each refund says what comes back to the merchant's balance: its cost once approved, nothing when rejected", async () => {
    serve({ total: 3, list: [refund(1, 0), refund(2, 1), refund(3, 2)], page: 1, limit: 20 });
    mount(<RefundList />);
    await screen.findAllByTestId("refund-card");
    const back = screen.getAllByTestId("refund-back").map((note) => note.textContent);
    expect(back).toEqual([
      "If approved, your cost of $18.00 comes back to your balance.",
      "Your cost of $18.00 came back to your balance.",
      "Rejected: your balance does not change and the order goes on.",
    ]);
  });
});
