/** Query keys of the push feature: one hierarchical factory. */
export const pushKeys = {
  all: ["push"] as const,
  /** The merchant's kinds and the server's public key (merchant/push). */
  settings: () => [...pushKeys.all, "settings"] as const,
  /** This browser: whether it can receive notifications, the permission, and its subscription (no request). */
  device: () => [...pushKeys.all, "device"] as const,
};
