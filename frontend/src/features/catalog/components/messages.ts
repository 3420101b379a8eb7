import { defineMessages } from "react-intl";
import { untypedMessages } from "@/lib/intl";

/** Prices and figures on every product card and detail. */
export const priceMessages = untypedMessages(defineMessages({
  retail: { id: "price.retail", defaultMessage: "Retail price", description: "The price buyers pay (selling price)" },
  purchase: {
    id: "price.purchase",
    defaultMessage: "Purchase price",
    description: "What the merchant pays the platform per item at the merchant's level",
  },
  profit: { id: "price.profit", defaultMessage: "Profit", description: "Retail price minus purchase price" },
  stock: { id: "price.stock", defaultMessage: "Stock: {count}", description: "Units in stock at the supplier" },
  clicks: { id: "price.clicks", defaultMessage: "Clicks", description: "Storefront views of a listing" },
  sales: { id: "price.sales", defaultMessage: "Sales", description: "Units sold of a listing" },
  hot: { id: "price.hot", defaultMessage: "Hot", description: "Tag: a hot-selling product" },
  noImage: { id: "price.noImage", defaultMessage: "No picture", description: "Alt text of a product without picture" },
}));

/** The Product tab. */
export const productMessages = untypedMessages(defineMessages({
  centerTitle: {
    id: "product.centerTitle",
    defaultMessage: "Distribution center",
    description: "Entry card to the distribution center",
  },
  centerHint: {
    id: "product.centerHint",
    defaultMessage: "Add platform products to your shop",
    description: "Entry card subtitle",
  },
  goodsTitle: { id: "product.goodsTitle", defaultMessage: "Shop goods", description: "Entry card to the shop's goods" },
  goodsHint: {
    id: "product.goodsHint",
    defaultMessage: "Put on or take off the shelf",
    description: "Entry card subtitle",
  },
  categories: { id: "product.categories", defaultMessage: "Product categories", description: "Section title" },
  categoryCount: {
    id: "product.categoryCount",
    defaultMessage: "{count, plural, one {# product} other {# products}}",
    description: "Number of products in a category",
  },
  bestSellers: {
    id: "product.bestSellers",
    defaultMessage: "Best-selling products",
    description: "Section title: the shop's listings by sales",
  },
  bestSellersHint: {
    id: "product.bestSellersHint",
    defaultMessage: "Clicks and sales come from your storefront's visitors and orders.",
    description: "Under the best sellers title",
  },
}));

/** The distribution center. */
export const distributionMessages = untypedMessages(defineMessages({
  search: { id: "distribution.search", defaultMessage: "Search products", description: "Search field placeholder" },
  allCategories: { id: "distribution.allCategories", defaultMessage: "All", description: "Category tab: no filter" },
  hot: {
    id: "distribution.hot",
    defaultMessage: "Add all hot sellers",
    description: "Button: distribute all hot-selling products at once",
  },
  all: {
    id: "distribution.all",
    defaultMessage: "Distribute all",
    description: "Button: distribute every product of the current filter",
  },
  distribute: { id: "distribution.distribute", defaultMessage: "Distribute", description: "Button: add the chosen products" },
  selected: {
    id: "distribution.selected",
    defaultMessage: "Selected: {count}",
    description: "Number of chosen products",
  },
  clear: { id: "distribution.clear", defaultMessage: "Clear", description: "Button: unselect all chosen products" },
  selectProduct: {
    id: "distribution.selectProduct",
    defaultMessage: "Please select a product",
    description: "Distribute pressed with nothing chosen (spec message)",
  },
  added: { id: "distribution.added", defaultMessage: "Added", description: "Tag: the product is already in the shop" },
  details: { id: "distribution.details", defaultMessage: "Details", description: "Link to the product details" },
  confirmAll: {
    id: "distribution.confirmAll",
    defaultMessage: "Distribute all {count} products of this list to your shop?",
    description: "Confirm distribute all of the current filter",
  },
  confirmAllRoom: {
    id: "distribution.confirmAllRoom",
    defaultMessage:
      "Distribute all {count} products of this list to your shop? Your level has room for {room} more; the rest will not be added.",
    description: "Confirm distribute all when the level's product quantity leaves room for fewer than the list",
  },
  shopFull: {
    id: "distribution.shopFull",
    defaultMessage:
      "Your shop already holds {count} products, the most your level allows. Upgrade your level to distribute more.",
    description: "Dialog instead of distributing when the shop is at its level's product quantity",
  },
  confirmHot: {
    id: "distribution.confirmHot",
    defaultMessage: "Distribute all hot-selling products to your shop?",
    description: "Confirm the hot one-click distribution",
  },
  resultTitle: { id: "distribution.resultTitle", defaultMessage: "Distribution result", description: "Dialog title" },
  resultAdded: { id: "distribution.resultAdded", defaultMessage: "Added now", description: "Result line label" },
  resultSkipped: {
    id: "distribution.resultSkipped",
    defaultMessage: "Not added (level limit: {limit} products)",
    description: "Result line label: products over the level's product quantity",
  },
  resultAlready: {
    id: "distribution.resultAlready",
    defaultMessage: "Already in your shop",
    description: "Result line label",
  },
  upgrade: { id: "distribution.upgrade", defaultMessage: "Upgrade level", description: "Dialog button to /level" },
  viewGoods: { id: "distribution.viewGoods", defaultMessage: "View shop goods", description: "Dialog button to /goods" },
  close: { id: "distribution.close", defaultMessage: "Close", description: "Dialog button" },
}));

/** The shop's goods. */
export const goodsMessages = untypedMessages(defineMessages({
  tabAll: { id: "goods.tabAll", defaultMessage: "All", description: "Goods tab" },
  tabSelling: { id: "goods.tabSelling", defaultMessage: "Selling", description: "Goods tab: on shelf" },
  tabStock: { id: "goods.tabStock", defaultMessage: "In stock", description: "Goods tab: off shelf (warehouse)" },
  onShelf: { id: "goods.onShelf", defaultMessage: "On shelf", description: "Button: start selling a listing" },
  offShelf: { id: "goods.offShelf", defaultMessage: "Off shelf", description: "Button: stop selling a listing" },
  remove: { id: "goods.remove", defaultMessage: "Remove", description: "Button: remove a listing from the shop" },
  removeConfirm: {
    id: "goods.removeConfirm",
    defaultMessage: "Remove “{title}” from your shop? Your order history is kept.",
    description: "Confirm removing a listing",
  },
  promoted: {
    id: "goods.promoted",
    defaultMessage: "Promoted until {time}",
    description: "Tag on a listing that a running promotion shows first in the shop (shop express lane), with its end",
  },
  addProducts: {
    id: "goods.addProducts",
    defaultMessage: "Add products from the distribution center",
    description: "Link above the goods list",
  },
}));

/** Product details. */
export const detailMessages = untypedMessages(defineMessages({
  description: { id: "goodsDetail.description", defaultMessage: "Description", description: "Section title" },
  inShop: { id: "goodsDetail.inShop", defaultMessage: "In your shop", description: "Section title: the listing" },
  notInShop: {
    id: "goodsDetail.notInShop",
    defaultMessage: "This product is not in your shop yet.",
    description: "The product has no listing",
  },
  distribute: {
    id: "goodsDetail.distribute",
    defaultMessage: "Distribute to my shop",
    description: "Button: add this product to the shop",
  },
  status: { id: "goodsDetail.status", defaultMessage: "Status", description: "Label: on shelf or in stock" },
  addedAt: { id: "goodsDetail.addedAt", defaultMessage: "Added on", description: "Label: when it was distributed" },
  noDescription: {
    id: "goodsDetail.noDescription",
    defaultMessage: "No description.",
    description: "The product has no description",
  },
}));
