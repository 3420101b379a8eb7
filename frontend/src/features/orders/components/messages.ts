import { defineMessages, type MessageValue } from "react-intl";

/** Texts of the order screens (Order, OrderDetail, RefundRequest). */
const plainMessages = defineMessages({
  tabAll: { id: "orders.tab.all", defaultMessage: "All", description: "Order tab: every order" },
  tab0: { id: "orders.tab.0", defaultMessage: "Awaiting payment", description: "Order tab: status 0" },
  tab5: { id: "orders.tab.5", defaultMessage: "Awaiting pickup", description: "Order tab: status 5, paid by the buyer, the merchant has to pick it up (pay its cost)" },
  tab1: { id: "orders.tab.1", defaultMessage: "Awaiting shipment", description: "Order tab: status 1, picked up, the platform ships it" },
  tab2: { id: "orders.tab.2", defaultMessage: "Shipped", description: "Order tab: status 2, in transit" },
  tab3: { id: "orders.tab.3", defaultMessage: "Pending settlement", description: "Order tab: status 3, received by the buyer, settles after a delay" },
  tab4: { id: "orders.tab.4", defaultMessage: "Settled", description: "Order tab: status 4, completed, money in the balance" },
  tabCancelled: { id: "orders.tab.-1", defaultMessage: "Cancelled", description: "Order tab: status -1" },
  tabRefunded: { id: "orders.tab.-2", defaultMessage: "Refunded", description: "Order tab: status -2" },
  search: { id: "orders.search", defaultMessage: "Order number or product", description: "Search box placeholder of the order list" },
  orderTime: { id: "orders.time", defaultMessage: "Order time", description: "Label: when the buyer ordered" },
  totalPayment: { id: "orders.totalPayment", defaultMessage: "Buyer paid", description: "Label: the order's total payment (retail prices)" },
  totalCost: { id: "orders.totalCost", defaultMessage: "Your cost", description: "Label: what the merchant pays at pickup (purchase prices)" },
  earnings: { id: "orders.earnings", defaultMessage: "Your earnings", description: "Label: total payment minus total cost" },
  pickUp: { id: "orders.pickUp", defaultMessage: "Pick up", description: "Button: pay the order's cost so the platform ships it" },
  pickedAll: { id: "orders.pickedAll", defaultMessage: "Pickup results", description: "Title of the sheet listing which orders were picked up" },
  close: { id: "orders.close", defaultMessage: "Close", description: "Button: close the sheet" },
  deposit: { id: "orders.deposit", defaultMessage: "Deposit", description: "Button: go to the deposit methods when the balance is too low" },
  notNow: { id: "orders.notNow", defaultMessage: "Not now", description: "Button: close the low balance dialog" },
  lines: { id: "orders.lines", defaultMessage: "Products", description: "OrderDetail section: the order's products" },
  money: { id: "orders.money", defaultMessage: "Money", description: "OrderDetail section: totals" },
  shipping: { id: "orders.shipping", defaultMessage: "Shipping", description: "OrderDetail section: recipient and address" },
  recipient: { id: "orders.recipient", defaultMessage: "Recipient", description: "Label" },
  phone: { id: "orders.phone", defaultMessage: "Phone", description: "Label: the buyer's phone (partly hidden)" },
  address: { id: "orders.address", defaultMessage: "Shipping address", description: "Label" },
  carrier: { id: "orders.carrier", defaultMessage: "Carrier", description: "Label: the shipping company" },
  trackingNumber: { id: "orders.trackingNumber", defaultMessage: "Tracking number", description: "Label" },
  tracking: { id: "orders.tracking", defaultMessage: "Tracking", description: "OrderDetail section: shipping steps" },
  noTracking: { id: "orders.noTracking", defaultMessage: "No shipping steps yet", description: "OrderDetail: no tracking event recorded" },
  delivered: { id: "orders.delivered", defaultMessage: "Delivered", description: "Tracking timeline: the carrier delivered the parcel" },
  history: { id: "orders.history", defaultMessage: "Status history", description: "OrderDetail section" },
  refund: { id: "orders.refund", defaultMessage: "Refund request", description: "OrderDetail section: the buyer's refund request" },
  refundReason: { id: "orders.refundReason", defaultMessage: "Reason", description: "Label: the buyer's reason for a refund" },
  goodsStatus: { id: "orders.goodsStatus", defaultMessage: "Goods", description: "Label: goods status of a refund (received, not received, returned)" },
  decisionNote: { id: "orders.decisionNote", defaultMessage: "Platform's reason", description: "Label: why the platform rejected a refund" },
  amount: { id: "orders.amount", defaultMessage: "Amount", description: "Label: refund amount" },
  refundTab0: { id: "orders.refundTab.0", defaultMessage: "Pending approval", description: "Refund requests tab" },
  refundTab1: { id: "orders.refundTab.1", defaultMessage: "Approved", description: "Refund requests tab" },
  refundTab2: { id: "orders.refundTab.2", defaultMessage: "Rejected", description: "Refund requests tab" },
  origin: { id: "orders.origin", defaultMessage: "Where it came from", description: "OrderDetail section: the storefront the order came from and the buyer's payment" },
  source: { id: "orders.source", defaultMessage: "Storefront", description: "Label: the storefront the buyer ordered in (the platform's own or an external one, by name)" },
  paymentReference: { id: "orders.paymentReference", defaultMessage: "Payment reference", description: "Label: the reference of the buyer's payment (the payment provider's, or the one the external storefront sent)" },
  notPaidYet: { id: "orders.notPaidYet", defaultMessage: "Not paid yet", description: "Payment reference of an order the buyer has not paid" },
  noEarnings: {
    id: "orders.noEarnings",
    defaultMessage: "No earnings",
    description: "Label in place of 'Your earnings' on a cancelled or refunded order (the would-be earnings are struck through)",
  },
  allCaughtUp: {
    id: "orders.allCaughtUp",
    defaultMessage: "All caught up: no order awaits pickup.",
    description: "The awaiting pickup tab when it is empty (e.g. after picking up all)",
  },
  refundNothingBack: {
    id: "orders.refundNothingBack",
    defaultMessage: "Rejected: your balance does not change and the order goes on.",
    description: "Note on a rejected refund: no money moves",
  },
});

/** Messages with arguments carry their argument types (react-intl 12 typed messages). */
const argumentMessages = defineMessages<{
  moreLines: { readonly count: MessageValue };
  quantity: { readonly count: MessageValue };
  pickupBy: { readonly time: MessageValue };
  pickupPaused: { readonly hours: MessageValue };
  shipsBy: { readonly time: MessageValue };
  sourceNamed: { readonly kind: MessageValue; readonly name: MessageValue };
  settlesOn: { readonly time: MessageValue };
  receivedBy: { readonly time: MessageValue };
  pickUpAll: { readonly count: MessageValue };
  pickAction: { readonly number: MessageValue };
  pickAllAction: { readonly count: MessageValue };
  pickAllAmount: { readonly amount: MessageValue };
  picked: { readonly count: MessageValue };
  skipped: { readonly count: MessageValue };
  unitPrices: { readonly retail: MessageValue; readonly purchase: MessageValue };
  paid: { readonly amount: MessageValue };
  shortfall: { readonly amount: MessageValue };
  resultCost: { readonly result: MessageValue; readonly amount: MessageValue };
  refundBackIfApproved: { readonly amount: MessageValue };
  refundBack: { readonly amount: MessageValue };
  appliedOn: { readonly time: MessageValue };
  orderNumberIs: { readonly number: MessageValue };
}>({
  appliedOn: { id: "orders.appliedOn", defaultMessage: "Requested on {time}", description: "When the buyer asked for the refund" },
  orderNumberIs: { id: "orders.orderNumberIs", defaultMessage: "Order {number}", description: "The order a refund is for" },
  moreLines: { id: "orders.moreLines", defaultMessage: "and {count} more", description: "After the first product's title when an order has more products" },
  quantity: { id: "orders.quantity", defaultMessage: "Quantity: {count}", description: "Number of items in the order" },
  pickupBy: { id: "orders.pickupBy", defaultMessage: "Pick up by {time}, or the order is cancelled", description: "Deadline of an order awaiting pickup" },
  pickupPaused: {
    id: "orders.pickupPaused",
    defaultMessage: "Your shop is closed: the pickup window is paused. When the shop reopens, you have {hours, plural, one {# hour} other {# hours}} left to pick it up",
    description: "An order awaiting pickup while the shop is closed: its window waits, with the hours it had left (rounded up)",
  },
  shipsBy: {
    id: "orders.shipsBy",
    defaultMessage: "The platform ships it by {time}, or the order is cancelled and your cost comes back",
    description: "Deadline of a picked-up order: if the platform has not shipped it by then, it is cancelled and the merchant's cost returns to the balance",
  },
  sourceNamed: { id: "orders.sourceNamed", defaultMessage: "{kind}: {name}", description: "The kind of storefront and the external storefront's name, e.g. External storefront: Acme" },
  settlesOn: { id: "orders.settlesOn", defaultMessage: "Settles on {time}", description: "When a received order's money moves to the balance" },
  receivedBy: { id: "orders.receivedBy", defaultMessage: "Counts as received on {time} unless the buyer confirms first", description: "Shipped order: automatic receipt date" },
  pickUpAll: { id: "orders.pickUpAll", defaultMessage: "Pick up all ({count})", description: "Button: pick up every order awaiting pickup" },
  pickAction: { id: "orders.pickAction", defaultMessage: "Pick up order {number}", description: "Payment password prompt: what is paid" },
  pickAllAction: { id: "orders.pickAllAction", defaultMessage: "Pick up {count} orders", description: "Payment password prompt: what is paid for a batch" },
  pickAllAmount: { id: "orders.pickAllAmount", defaultMessage: "up to {amount}", description: "Payment password prompt: the most a batch pickup can cost" },
  picked: { id: "orders.picked", defaultMessage: "Picked up: {count}", description: "Pickup results: how many were picked up" },
  skipped: { id: "orders.skipped", defaultMessage: "Not picked up: {count}", description: "Pickup results: how many were not" },
  unitPrices: { id: "orders.unitPrices", defaultMessage: "{retail} each, your cost {purchase}", description: "A line's unit prices" },
  paid: { id: "orders.paid", defaultMessage: "Paid: {amount}", description: "Pickup results: the costs paid from the balance for the orders picked up" },
  shortfall: {
    id: "orders.shortfall",
    defaultMessage: "Deposit {amount} to pick up the orders skipped for your balance.",
    description: "Pickup results: what is missing in the balance to pick up the orders not picked up, above a Deposit button",
  },
  resultCost: { id: "orders.resultCost", defaultMessage: "{result} · {amount}", description: "Pickup results row: the result (Picked up / Insufficient balance) and the order's cost" },
  refundBackIfApproved: {
    id: "orders.refundBackIfApproved",
    defaultMessage: "If approved, your cost of {amount} comes back to your balance.",
    description: "Note on a pending refund: the merchant's cost returned when the operator approves",
  },
  refundBack: {
    id: "orders.refundBack",
    defaultMessage: "Your cost of {amount} came back to your balance.",
    description: "Note on an approved refund: the merchant's cost returned to the balance",
  },
});

export const orderMessages = { ...plainMessages, ...argumentMessages };
