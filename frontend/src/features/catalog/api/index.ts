export { catalogKeys } from "./keys";
export { getCategories, categoriesQueryOptions, useCategories } from "./categories";
export { getHotGoods, getCenterProducts, getGoods, type CenterPage } from "./lists";
export { getProductDetail, productDetailQueryOptions, useProductDetail } from "./detail";
export { distribute, useDistribute, type DistributeRequest } from "./distribute";
export { setGoodsSwitch, removeGoods, useGoodsSwitch, useRemoveGoods } from "./goods";
export type * from "./types";
