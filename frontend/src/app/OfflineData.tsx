import { useEffect } from "react";
import { onlineManager, useQueryClient } from "@tanstack/react-query";

/**
 * The last data the merchant saw, kept on the device (lib/api/persist.ts, in its own chunk: not in the first load):
 * shown when the app opens offline, and removed when the session ends.
 */
export function OfflineData() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const offline = !onlineManager.isOnline();
    void import(/* webpackChunkName: "offline-data" */ "@/lib/api/persist")
      .then(({ persistQueries }) => {
        if (!cancelled) stop = persistQueries(queryClient, offline);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient]);
  return null;
}
