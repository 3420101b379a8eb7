export * from "./api";
export { DistributionCenter } from "./components/DistributionCenter";
export { GoodsManager } from "./components/GoodsManager";
export { BestSellers, CatalogShortcuts, CategoryGrid } from "./components/ProductOverview";
export { ProductDetailView } from "./components/ProductDetailView";
export { distributionMessages, goodsMessages, productMessages, priceMessages } from "./components/messages";
