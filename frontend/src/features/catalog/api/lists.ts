import { api, type ListPage } from "@/lib/api";
import type { ApiData } from "@/lib/api/types";
import type { CenterFilter, Goods, GoodsTab } from "./types";

/** Page fetchers for <InfiniteList>: the key comes from catalogKeys, the page number from the list. */

/** GET product/hot: the shop's best sellers (sales, then clicks). */
export function getHotGoods(page: number, limit: number, signal?: AbortSignal): Promise<ListPage<Goods>> {
  return api.get("product/hot", { page, limit }, signal);
}

/** A page of the distribution center, with the shop's room: goods_count of product_quantity (the level's most). */
export type CenterPage = ApiData<"product/product", "get">;

/** GET product/product: the distribution center by category and keyword; `added` marks the shop's products. */
export function getCenterProducts(filter: CenterFilter, page: number, limit: number, signal?: AbortSignal): Promise<CenterPage> {
  return api.get("product/product", { ...filter, page, limit }, signal);
}

/** GET product/manage: the shop's goods in a tab (all, selling = on shelf, stock = off shelf). */
export function getGoods(tab: GoodsTab, page: number, limit: number, signal?: AbortSignal): Promise<ListPage<Goods>> {
  return api.get("product/manage", { tab, page, limit }, signal);
}
