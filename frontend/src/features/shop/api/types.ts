/**
 * Shapes of the shop API: aliases of the types generated from the server's OpenAPI schema (`make schema`,
 * lib/api/types.ts).
 */
import type { ApiBody, ApiData, ApiListItem, Schemas } from "@/lib/api/types";

/** An uploaded image: `key` is the upload id to send back (common/upload answers it as `id`). */
export type ShopImage = Schemas["UploadOutput"];

export type Shop = ApiData<"merchant/store", "get">;

/** merchant/store: any subset; `logo` is an upload key ("" removes the logo). */
export type StoreInput = ApiBody<"merchant/store", "post">;

/** merchant/store_banner: upload keys of kind banner ("" removes one). */
export type BannersInput = ApiBody<"merchant/store_banner", "post">;

/** `profit_margin` is a fraction with 4 decimals ("0.1500" = 15 %); `upgrade_cost` is null unless higher. */
export type Level = ApiListItem<"index/level">;

export type LevelPage = ApiData<"index/level">;
