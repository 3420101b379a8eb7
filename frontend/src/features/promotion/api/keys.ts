/** Query keys of the shop express lane: invalidating `promotionKeys.all` refreshes the packages, the running
 * promotions, the goods to choose from and the purchase records. */
export const promotionKeys = {
  all: ["promotion"] as const,
  train: () => [...promotionKeys.all, "train"] as const,
  goods: () => [...promotionKeys.all, "goods"] as const,
  bill: () => [...promotionKeys.all, "bill"] as const,
};
