import { merInfoKey } from "@/lib/merchant";

/** Query keys of the account feature: one hierarchical factory, so `invalidateQueries({queryKey: accountKeys.all})` works. */
export const accountKeys = {
  all: ["account"] as const,
  /** The merchant summary: one key shared with the wallet (lib/merchant), under ["account"]. */
  merInfo: () => merInfoKey,
  languages: () => [...accountKeys.all, "languages"] as const,
  operatorActions: () => [...accountKeys.all, "operatorActions"] as const,
  /** The account recovery in progress (merchant/recovery). */
  recovery: () => [...accountKeys.all, "recovery"] as const,
  /** Two-step sign-in's state (merchant/security). */
  security: () => [...accountKeys.all, "security"] as const,
  /** The signed-in devices (merchant/devices). */
  devices: () => [...accountKeys.all, "devices"] as const,
  /** The merchant's passkeys (merchant/passkeys). */
  passkeys: () => [...accountKeys.all, "passkeys"] as const,
};
