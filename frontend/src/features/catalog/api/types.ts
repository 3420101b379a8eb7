/**
 * Shapes of the catalogue API: aliases of the types generated from the server's OpenAPI schema (`make schema`,
 * lib/api/types.ts). Money values are 2-decimal strings (purchase price and profit are computed by the server,
 * at the merchant's level).
 */
import type { ApiBody, ApiData, ApiListItem, ApiQuery, Schemas } from "@/lib/api/types";

export type Category = ApiListItem<"product/category">;

export type ProductCard = Schemas["ProductCard"];

/** A product of the distribution center; `added` when it is already in the merchant's shop. */
export type CenterProduct = ApiListItem<"product/product">;

export type GoodsTab = NonNullable<ApiQuery<"product/manage">["tab"]>;

/** A listing of the merchant's shop (product/manage, product/hot). */
export type Goods = Schemas["GoodsOutput"];

export type ProductImage = Schemas["ProductImage"];

/** `goods`: the merchant's listing of this product, or null when it is not in the shop. */
export type ProductDetail = ApiData<"product/detail">;

/** The distribution center's filter (product/product and product/addAll). */
export type CenterFilter = ApiBody<"product/addAll">;

/** What a distribution did: added now, not added because of the level's product quantity, already there. */
export type DistributeResult = ApiData<"product/add">;
