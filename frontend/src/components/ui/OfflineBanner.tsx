import { useEffect, useState, useSyncExternalStore } from "react";
import { onlineManager, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import { OfflineError } from "@/lib/api";
import { uiMessages } from "./messages";

const isOnline = () => onlineManager.isOnline();
const subscribe = (listener: () => void) => onlineManager.subscribe(listener);

/**
 * While the device is offline (TanStack Query's onlineManager, from the browser's online/offline events), a banner
 * stuck to the top of every screen says so and what happens: no change is sent until the device is back online (the
 * query client refuses each at once, lib/api/queryClient.ts). When a change was refused, it says that nothing was
 * sent, as an alert. It is in the app's first load: a toast's chunk could not be fetched offline.
 */
export function OfflineBanner() {
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(subscribe, isOnline, isOnline);
  const [refused, setRefused] = useState(false);
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === "updated" && event.action.type === "error" && event.action.error instanceof OfflineError) {
          setRefused(true);
        }
      }),
    [queryClient],
  );
  // Back online: the next time offline starts with the plain notice.
  useEffect(() => onlineManager.subscribe((isBack) => isBack && setRefused(false)), []);
  if (online) return null;
  return (
    <div className={`offline-banner${refused ? " is-refused" : ""}`} role={refused ? "alert" : "status"} data-testid="offline-banner">
      <FormattedMessage {...(refused ? uiMessages.offlineNotSent : uiMessages.offlineBanner)} />
    </div>
  );
}
