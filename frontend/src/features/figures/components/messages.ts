import { defineMessages, type MessageValue } from "react-intl";

/** Texts of Home's figures, the credit score sheet and Finance. */
const plainMessages = defineMessages({
  totalSales: { id: "figures.totalSales", defaultMessage: "Total sales", description: "Home: sales of orders received (pending settlement or settled)" },
  totalProfit: { id: "figures.totalProfit", defaultMessage: "Total profit", description: "Home: profit of orders received (pending settlement or settled)" },
  todayOrders: { id: "figures.todayOrders", defaultMessage: "Orders sold today", description: "Home: orders the buyers paid today" },
  todaySales: { id: "figures.todaySales", defaultMessage: "Sales today", description: "Home: what buyers paid today" },
  todayProfit: { id: "figures.todayProfit", defaultMessage: "Estimated profit today", description: "Home: today's sales minus their cost" },
  followers: { id: "figures.followers", defaultMessage: "Followers", description: "Home: buyers following the shop" },
  rating: { id: "figures.rating", defaultMessage: "Rating", description: "Home: average of the buyers' reviews (1 to 5 stars)" },
  noRating: { id: "figures.noRating", defaultMessage: "No ratings yet", description: "Home: the shop has no review yet" },
  creditScore: { id: "figures.creditScore", defaultMessage: "Credit score", description: "Home: the shop's credit score (starts at 100); tap for its changes" },
  visitorsToday: { id: "figures.visitorsToday", defaultMessage: "Visitors today", description: "Home: distinct storefront visitors today" },
  visitorsSeven: { id: "figures.visitorsSeven", defaultMessage: "Visitors, 7 days", description: "Home: distinct visitors in the last 7 days" },
  visitorsThirty: { id: "figures.visitorsThirty", defaultMessage: "Visitors, 30 days", description: "Home: distinct visitors in the last 30 days" },
  awaitingPickup: { id: "figures.awaitingPickup", defaultMessage: "Awaiting pickup", description: "Home: orders paid by buyers that the merchant has to pick up" },
  salesCurve: { id: "figures.salesCurve", defaultMessage: "Sales curve", description: "Home: heading of the sales chart" },
  curveToday: { id: "figures.curveToday", defaultMessage: "Today", description: "Sales chart range: today, by hour" },
  curveSeven: { id: "figures.curveSeven", defaultMessage: "7 days", description: "Sales chart range: the last 7 days" },
  curveThirty: { id: "figures.curveThirty", defaultMessage: "30 days", description: "Sales chart range: the last 30 days" },
  sales: { id: "figures.sales", defaultMessage: "Sales", description: "Chart legend: sales amount" },
  orders: { id: "figures.orders", defaultMessage: "Orders", description: "Chart legend: orders sold" },
  creditRules: { id: "figures.creditRules", defaultMessage: "How the score changes", description: "Credit score sheet: heading of the published rules" },
  creditChanges: { id: "figures.creditChanges", defaultMessage: "Changes", description: "Credit score sheet: heading of the score's events" },
  creditNoChanges: { id: "figures.creditNoChanges", defaultMessage: "No changes yet: your shop has the starting score.", description: "Credit score sheet: no event yet" },
  rangeAll: { id: "finance.rangeAll", defaultMessage: "All", description: "Finance period: since the shop opened" },
  rangeYesterday: { id: "finance.rangeYesterday", defaultMessage: "Yesterday", description: "Finance period" },
  rangeToday: { id: "finance.rangeToday", defaultMessage: "Today", description: "Finance period" },
  rangeWeek: { id: "finance.rangeWeek", defaultMessage: "7 days", description: "Finance period: the 7 days ending today" },
  rangeMonth: { id: "finance.rangeMonth", defaultMessage: "30 days", description: "Finance period: the 30 days ending today" },
  awaitingAmount: { id: "finance.awaitingAmount", defaultMessage: "Awaiting settlement", description: "Finance: received in the period, not settled yet" },
  profit: { id: "finance.profit", defaultMessage: "Total profit", description: "Finance: profit of the orders received in the period, less refunds after receipt" },
  totalOrders: { id: "finance.totalOrders", defaultMessage: "Orders sold", description: "Finance: orders the buyers paid in the period" },
  cancelledOrders: { id: "finance.cancelledOrders", defaultMessage: "Cancelled orders", description: "Finance: paid orders cancelled in the period" },
  refundedOrders: { id: "finance.refundedOrders", defaultMessage: "Refunded orders", description: "Finance: orders refunded in the period" },
  profitByDate: { id: "finance.profitByDate", defaultMessage: "Profit by date", description: "Finance: heading of the chart and list of each date's profit" },
  noProfit: { id: "finance.noProfit", defaultMessage: "No profit in this period yet.", description: "Finance: no date of the period has profit" },
  allListed: { id: "finance.allListed", defaultMessage: "The figures cover all time; the dates are the last 30 days.", description: "Finance, period All: what the list shows" },
});

const argumentMessages = defineMessages<{
  creditRecovery: { readonly days: MessageValue; readonly start: MessageValue; readonly points: MessageValue };
  scoreAfter: { readonly score: MessageValue };
  orderNumber: { readonly number: MessageValue };
  period: { readonly start: MessageValue; readonly end: MessageValue };
  datesIn: { readonly zone: MessageValue };
  unread: { readonly count: MessageValue };
  labelValue: { readonly label: MessageValue; readonly value: MessageValue };
}>({
  labelValue: { id: "figures.labelValue", defaultMessage: "{label}: {value}", description: "A chart tip's line, e.g. Sales: $12.00" },
  creditRecovery: {
    id: "figures.creditRecovery",
    defaultMessage: "A score below {start} that has not changed for {days} days gains {points}, up to {start}.",
    description: "Credit score sheet: the published recovery rule",
  },
  scoreAfter: { id: "figures.scoreAfter", defaultMessage: "Score {score}", description: "Credit score sheet: the score after an event" },
  orderNumber: { id: "figures.orderNumber", defaultMessage: "Order {number}", description: "Credit score sheet: the order an event is about" },
  period: { id: "finance.period", defaultMessage: "{start} to {end}", description: "Finance: the dates of the period" },
  datesIn: { id: "figures.datesIn", defaultMessage: "Dates in {zone}", description: "The time zone today and the dates are counted in" },
  unread: {
    id: "figures.unread",
    defaultMessage: "{count, plural, one {# unread message} other {# unread messages}}",
    description: "Home: notice of the merchant's unread messages",
  },
});

export const figureMessages = { ...plainMessages, ...argumentMessages };
