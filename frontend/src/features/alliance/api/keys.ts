/** Query keys of the alliance feature. */
export const allianceKeys = {
  all: ["alliance"] as const,
  coalition: () => [...allianceKeys.all, "coalition"] as const,
};
