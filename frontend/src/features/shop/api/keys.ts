/** Query keys of the shop: its settings and the levels. */
export const shopKeys = {
  all: ["shop"] as const,
  store: () => [...shopKeys.all, "store"] as const,
  levels: () => [...shopKeys.all, "levels"] as const,
};
