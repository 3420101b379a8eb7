import { BestSellers, CatalogShortcuts, CategoryGrid } from "@/features/catalog";

/** /product (tab): the ways to the distribution center and the shop's goods, categories, best sellers. */
export default function ProductScreen() {
  return (
    <>
      <CatalogShortcuts />
      <CategoryGrid />
      <BestSellers />
    </>
  );
}
