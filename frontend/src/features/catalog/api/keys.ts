import type { CenterFilter, GoodsTab } from "./types";

/** Query keys of the catalogue: invalidating `catalogKeys.all` refreshes the center, the goods and the details. */
export const catalogKeys = {
  all: ["catalog"] as const,
  categories: () => [...catalogKeys.all, "categories"] as const,
  hot: () => [...catalogKeys.all, "hot"] as const,
  center: (filter: CenterFilter) => [...catalogKeys.all, "center", filter] as const,
  goods: (tab: GoodsTab) => [...catalogKeys.all, "goods", tab] as const,
  detail: (id: number) => [...catalogKeys.all, "detail", id] as const,
};
