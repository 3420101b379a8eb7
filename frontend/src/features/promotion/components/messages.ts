import { defineMessages, type MessageValue } from "react-intl";

/** Texts of the shop express lane screens (StoreExpress, BuyTrainBill). */
const plainMessages = defineMessages({
  disclosureTitle: {
    id: "promotion.disclosureTitle",
    defaultMessage: "Before you buy",
    description: "StoreExpress: heading of the honest notice shown before paying for promotion",
  },
  disclosure: {
    id: "promotion.disclosure",
    defaultMessage:
      "Promotion shows the products you choose first in your shop, marked “Promoted”, for the package's duration. It raises their visibility to buyers; it does not guarantee orders or sales. The price is paid from your balance when you buy.",
    description: "StoreExpress: what promotion does and does not do (product.md: raises visibility, no guaranteed orders)",
  },
  balance: { id: "promotion.balance", defaultMessage: "Your balance", description: "StoreExpress: the available balance" },
  packages: { id: "promotion.packages", defaultMessage: "Packages", description: "StoreExpress: section of the packages on sale" },
  noPackages: {
    id: "promotion.noPackages",
    defaultMessage: "No package is on sale right now.",
    description: "StoreExpress: the platform offers no package",
  },
  price: { id: "promotion.price", defaultMessage: "Price", description: "Package card label" },
  products: { id: "promotion.products", defaultMessage: "Products", description: "Package card label: how many products it promotes" },
  duration: { id: "promotion.duration", defaultMessage: "Duration", description: "Package card label: how long it promotes" },
  buy: { id: "promotion.buy", defaultMessage: "Choose products", description: "Package card button: choose the products to promote with it" },
  onlySelling: {
    id: "promotion.onlySelling",
    defaultMessage: "Only products on sale can be promoted.",
    description: "Hint in the product picker: the list shows the shop's on-shelf products",
  },
  toGoods: { id: "promotion.toGoods", defaultMessage: "Go to Goods", description: "Button: open the shop's goods screen" },
  cancel: { id: "promotion.cancel", defaultMessage: "Cancel", description: "Button: close the product picker" },
  running: { id: "promotion.running", defaultMessage: "Running promotions", description: "StoreExpress: section of the merchant's running promotions" },
  noRunning: {
    id: "promotion.noRunning",
    defaultMessage: "No promotion is running.",
    description: "StoreExpress: the merchant has no running promotion",
  },
  endsAt: { id: "promotion.endsAt", defaultMessage: "Ends", description: "Label: when a running promotion ends (date and time)" },
  records: { id: "promotion.records", defaultMessage: "Purchase records", description: "StoreExpress: link to the promotion purchases" },
  type: { id: "promotion.type", defaultMessage: "Type", description: "Purchase record label: the package bought" },
  time: { id: "promotion.time", defaultMessage: "Time", description: "Purchase record label: when it was bought" },
  amount: { id: "promotion.amount", defaultMessage: "Amount", description: "Purchase record label: the price paid" },
});

/** Messages with arguments carry their argument types (react-intl 12 typed messages). */
const argumentMessages = defineMessages<{
  productCount: { readonly count: MessageValue };
  hours: { readonly count: MessageValue };
  days: { readonly count: MessageValue };
  chooseTitle: { readonly count: MessageValue };
  chosen: { readonly chosen: MessageValue; readonly count: MessageValue };
  promotedUntil: { readonly time: MessageValue };
  pay: { readonly amount: MessageValue };
  payAction: { readonly name: MessageValue };
  soFar: { readonly clicks: MessageValue; readonly orders: MessageValue };
  results: { readonly clicks: MessageValue; readonly orders: MessageValue };
  limitReached: { readonly count: MessageValue };
}>({
  soFar: {
    id: "promotion.soFar",
    defaultMessage:
      "So far: {clicks, plural, one {# click} other {# clicks}} · {orders, plural, one {# order} other {# orders}}",
    description:
      "Running promotion: storefront views of its products and paid orders of them since it started, all products together",
  },
  results: {
    id: "promotion.results",
    defaultMessage: "{clicks, plural, one {# click} other {# clicks}} · {orders, plural, one {# order} other {# orders}}",
    description: "Running promotion: one product's storefront views and paid orders since the promotion started",
  },
  limitReached: {
    id: "promotion.limitReached",
    defaultMessage:
      "This package promotes up to {count, plural, one {# product} other {# products}}. Untick one to choose another.",
    description: "Toast: a tap on another product when the package's number of products is already chosen",
  },
  productCount: {
    id: "promotion.productCount",
    defaultMessage: "{count, plural, one {# product} other {# products}}",
    description: "How many products a package promotes",
  },
  hours: {
    id: "promotion.hours",
    defaultMessage: "{count, plural, one {# hour} other {# hours}}",
    description: "A package's duration in hours",
  },
  days: {
    id: "promotion.days",
    defaultMessage: "{count, plural, one {# day} other {# days}}",
    description: "A package's duration in whole days",
  },
  chooseTitle: {
    id: "promotion.chooseTitle",
    defaultMessage: "Choose up to {count, plural, one {# product} other {# products}}",
    description: "Title of the sheet where the merchant picks the products to promote",
  },
  chosen: {
    id: "promotion.chosen",
    defaultMessage: "Chosen: {chosen} of {count}",
    description: "How many products are chosen out of the package's number",
  },
  promotedUntil: {
    id: "promotion.promotedUntil",
    defaultMessage: "Promoted until {time}",
    description: "A product already in a running promotion (cannot be chosen again before then)",
  },
  pay: { id: "promotion.pay", defaultMessage: "Pay {amount}", description: "Button: pay the package's price (asks the payment password)" },
  payAction: {
    id: "promotion.payAction",
    defaultMessage: "Promotion: {name}",
    description: "Payment password sheet: what is being paid (the package's name)",
  },
});

export const promotionMessages = { ...plainMessages, ...argumentMessages };
