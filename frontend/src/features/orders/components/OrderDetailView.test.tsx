import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/api";
import type { OrderDetail } from "../api";
import { OrderDetailView } from "./OrderDetailView";
import { NoIntersections, orderDetail } from "./testing";

const ORDER = orderDetail({
  number: "O-9",
  ship_deadline: "2026-11-23T09:00:00Z",
  source: "external",
  source_label: "External storefront",
  source_name: "Acme storefront",
  payment_reference: "PSP-778812",
  carrier: "",
  tracking_number: "",
});

function mount(order: OrderDetail) {
  vi.stubGlobal("IntersectionObserver", NoIntersections);
  vi.stubGlobal(
    "fetch",
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 1, msg: "", data: order }), {
          status: 200,
          headers: { "Content-Type": "application/json" },
        }),
      ),
    ),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en" messages={{}} timeZone="UTC">
        <MemoryRouter>
          <OrderDetailView id={order.id} />
        </MemoryRouter>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("OrderDetailView", () => {
  it("shows where the order came from, its payment reference and the ship deadline", async () => {
    mount(ORDER);
    expect((await screen.findByTestId("order-source")).textContent).toBe("External storefront: Acme storefront");
    expect(screen.getByTestId("payment-reference").textContent).toBe("PSP-778812");
    const deadline = screen.getByTestId("order-deadline").textContent ?? "";
    expect(deadline).toContain("The platform ships it by");
    expect(deadline).toContain("your cost comes back");
  });

  it("shows a paused pickup window while the shop is closed", async () => {
    mount({
      ...ORDER,
      status: 5,
      status_label: "Awaiting pickup",
      ship_deadline: null,
      picked_at: null,
      pickup_paused_left: 36 * 3600 - 30,
      source: "storefront",
      source_label: "The platform's storefront",
      source_name: "",
      payment_reference: "stripe:cs_test_1",
    });
    expect((await screen.findByTestId("order-deadline")).textContent).toContain("36 hours left to pick it up");
    expect(screen.getByTestId("order-source").textContent).toBe("The platform's storefront");
  });

  it("shows the title in the merchant's language, the buyer's wording beside it, and the tracking steps translated", async () => {
    mount({
      ...ORDER,
      status: 2,
      shipped_at: "2026-11-21T07:00:00Z",
      lines: [{ ...ORDER.lines[0], ordered_title: "陶瓷马克杯" }],
      tracking_events: [
        { occurred_at: "2026-11-21T08:00:00Z", place: "Shenzhen", step: "customs", step_label: "In customs", note: "Gate 4" },
      ],
    });
    expect((await screen.findByTestId("ordered-title")).textContent).toBe("The buyer ordered: 陶瓷马克杯");
    expect(document.body.textContent).toContain("In customs · Gate 4");
  });
});
