/** Query keys of the account feature: one hierarchical factory, so `invalidateQueries({queryKey: accountKeys.all})` works. */
export const accountKeys = {
  all: ["account"] as const,
  merInfo: () => [...accountKeys.all, "merInfo"] as const,
  languages: () => [...accountKeys.all, "languages"] as const,
};
