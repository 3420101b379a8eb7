import { defineMessages, type MessageValue } from "react-intl";

/** OrderDetail's products: the buyer's own wording beside the product's title in the merchant's language. */
export const lineMessages = defineMessages<{ orderedAs: { readonly title: MessageValue } }>({
  orderedAs: {
    id: "orders.orderedAs",
    defaultMessage: "The buyer ordered: {title}",
    description: "OrderDetail, under a product's title: the title as the buyer ordered it, in the buyer's language",
  },
});
