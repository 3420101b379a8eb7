import { useSyncExternalStore } from "react";
import { getSession, subscribeSession, type Session } from "./store";

export * from "./store";
export { deviceKey } from "./device";

/** The current session; re-renders when it changes. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession);
}
