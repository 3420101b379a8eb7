/** Shapes of the shop express lane API: aliases of the types generated from the server's OpenAPI schema. */
import type { ApiBody, ApiData, ApiListItem } from "@/lib/api/types";

/** GET index/train: the packages on sale and the merchant's promotions running now. */
export type Train = ApiData<"index/train">;
export type Package = Train["packages"][number];
export type RunningPromotion = Train["promotions"][number];

/** POST index/buy_train: the package, the chosen on-shelf goods (listing ids), the payment password. */
export type BuyInput = ApiBody<"index/buy_train">;
export type BuyAnswer = ApiData<"index/buy_train">;

/** One purchase of GET index/buy_train_bill: type (the package's name), time, amount. */
export type Purchase = ApiListItem<"index/buy_train_bill">;

/** One listing of GET product/manage (tab selling): the goods a promotion may promote. */
export type SellingGoods = ApiListItem<"product/manage">;
