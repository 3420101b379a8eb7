/** What the orders feature's tests share: an order's detail as the API answers it, and jsdom's missing observer. */
import type { OrderDetail } from "../api";

/** An order of one line (a ceramic mug, paid, awaiting shipment), with `extra` over it. */
export function orderDetail(extra: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: 9,
    number: "O-20261120-0009",
    created_at: "2026-11-20T08:00:00Z",
    status: 1,
    status_label: "Awaiting shipment",
    title: "Ceramic mug",
    image: null,
    line_count: 1,
    quantity: 1,
    total_payment: "20.00",
    total_cost: "18.00",
    earnings: "2.00",
    pickup_deadline: null,
    pickup_paused_left: null,
    ship_deadline: null,
    settle_at: null,
    source: "storefront",
    source_label: "Platform storefront",
    source_name: "",
    payment_reference: "PSP-1",
    lines: [
      {
        title: "Ceramic mug",
        ordered_title: "Ceramic mug",
        image: null,
        quantity: 1,
        retail_price: "20.00",
        purchase_price: "18.00",
        profit: "2.00",
      },
    ],
    ship_name: "Ann Buyer",
    ship_phone: "+15•••••34",
    ship_address: "1 Main Street",
    ship_country: "US",
    carrier: "DHL",
    tracking_number: "JD0042",
    paid_at: "2026-11-20T08:03:00Z",
    picked_at: "2026-11-20T09:00:00Z",
    shipped_at: null,
    delivered_at: null,
    receive_due_at: null,
    received_at: null,
    settled_at: null,
    closed_at: null,
    tracking_events: [],
    history: [],
    refunds: [],
    ...extra,
  };
}

/** jsdom has no IntersectionObserver (antd-mobile's lazy images and the infinite list ask for one): one that never
 * reports. */
export class NoIntersections {
  observe() {}
  unobserve() {}
  disconnect() {}
}
