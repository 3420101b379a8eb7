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
  totalOrders: { id: "finance.totalOrders", defaultMessage: "Orders placed", description: "Finance: orders placed in the period (the Orders tabs' count)" },
  cancelledOrders: { id: "finance.cancelledOrders", defaultMessage: "Cancelled orders", description: "Finance: orders placed in the period and cancelled since" },
  refundedOrders: { id: "finance.refundedOrders", defaultMessage: "Refunded orders", description: "Finance: orders placed in the period and refunded since" },
  profitByDate: { id: "finance.profitByDate", defaultMessage: "Profit by date", description: "Finance: heading of the chart and list of each date's profit" },
  noProfit: { id: "finance.noProfit", defaultMessage: "No profit in this period yet.", description: "Finance: no date of the period has profit" },
  allListed: { id: "finance.allListed", defaultMessage: "The figures cover all time; the dates are the last 30 days.", description: "Finance, period All: what the list shows" },
  // The basis of each figure (product.md 11), behind its info tap: one line each.
  infoTotalSales: {
    id: "figures.info.totalSales",
    defaultMessage: "What buyers paid for every order paid since the shop opened, less the orders cancelled or refunded since.",
    description: "Home: the basis of Total sales (info tap)",
  },
  infoTotalProfit: {
    id: "figures.info.totalProfit",
    defaultMessage: "Total sales minus the cost of those orders.",
    description: "Home: the basis of Total profit (info tap)",
  },
  infoCreditScore: {
    id: "figures.info.creditScore",
    defaultMessage: "Starts at 100; a missed pickup or a refund for your fault lowers it, and time restores it. Tap it to see each change.",
    description: "Home: the basis of the credit score (info tap)",
  },
  infoTodayOrders: {
    id: "figures.info.todayOrders",
    defaultMessage: "Orders paid today in your shop's time zone, less those cancelled or refunded since.",
    description: "Home: the basis of Orders sold today (info tap)",
  },
  infoTodaySales: {
    id: "figures.info.todaySales",
    defaultMessage: "What buyers paid for today's orders sold (paid today in your shop's time zone, not cancelled or refunded since).",
    description: "Home: the basis of Sales today (info tap)",
  },
  infoTodayProfit: {
    id: "figures.info.todayProfit",
    defaultMessage: "Sales today minus the cost of those orders: an estimate until they settle.",
    description: "Home: the basis of Estimated profit today (info tap)",
  },
  infoVisitorsToday: {
    id: "figures.info.visitorsToday",
    defaultMessage: "Different people who opened your storefront today, each counted once.",
    description: "Home: the basis of Visitors today (info tap)",
  },
  infoVisitorsSeven: {
    id: "figures.info.visitorsSeven",
    defaultMessage: "Different people who opened your storefront in the last 7 days, each counted once.",
    description: "Home: the basis of Visitors, 7 days (info tap)",
  },
  infoVisitorsThirty: {
    id: "figures.info.visitorsThirty",
    defaultMessage: "Different people who opened your storefront in the last 30 days, each counted once.",
    description: "Home: the basis of Visitors, 30 days (info tap)",
  },
  infoFollowers: {
    id: "figures.info.followers",
    defaultMessage: "Buyers who follow your shop on the storefront.",
    description: "Home: the basis of Followers (info tap)",
  },
  infoRating: {
    id: "figures.info.rating",
    defaultMessage: "The average of your buyers' ratings, from 1 to 5 stars.",
    description: "Home: the basis of Rating (info tap)",
  },
  infoAwaitingPickup: {
    id: "figures.info.awaitingPickup",
    defaultMessage: "Orders buyers paid that you still have to pick up (pay their cost). Tap it to open them.",
    description: "Home: the basis of Awaiting pickup (info tap)",
  },
  infoSalesCurve: {
    id: "figures.info.salesCurve",
    defaultMessage: "Sales by hour today, or by day over 7 or 30 days, counted as Sales today: the points add up to the period's sales.",
    description: "Home: the basis of the sales curve (info tap)",
  },
  infoAwaitingAmount: {
    id: "finance.info.awaitingAmount",
    defaultMessage: "Sales of the orders received in this period that are not settled into your balance yet.",
    description: "Finance: the basis of Awaiting settlement (info tap)",
  },
  infoProfit: {
    id: "finance.info.profit",
    defaultMessage: "Settled profit: sales minus cost of the orders settled in this period.",
    description: "Finance: the basis of Total profit (info tap)",
  },
  infoTotalOrders: {
    id: "finance.info.totalOrders",
    defaultMessage: "Orders placed in this period: what the All tab of Orders lists for these dates.",
    description: "Finance: the basis of Orders placed (info tap)",
  },
  infoCancelledOrders: {
    id: "finance.info.cancelledOrders",
    defaultMessage: "Orders placed in this period and cancelled since: the Cancelled tab of Orders for these dates.",
    description: "Finance: the basis of Cancelled orders (info tap)",
  },
  infoRefundedOrders: {
    id: "finance.info.refundedOrders",
    defaultMessage: "Orders placed in this period and refunded since: the Refunded tab of Orders for these dates.",
    description: "Finance: the basis of Refunded orders (info tap)",
  },
  infoProfitByDate: {
    id: "finance.info.profitByDate",
    defaultMessage: "Each date's settled profit: sales minus cost of the orders settled that day, in your shop's time zone.",
    description: "Finance: the basis of Profit by date (info tap)",
  },
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
