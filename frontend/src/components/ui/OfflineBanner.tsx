import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
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
  // The screens' sticky NavBar stays in view below it (styles.css: --offline-banner-height).
  const banner = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = banner.current;
    if (!element || typeof ResizeObserver === "undefined") return; // jsdom has none
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty("--offline-banner-height", `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty("--offline-banner-height");
    };
  }, [online]);
  if (online) return null;
  return (
    <div
      ref={banner}
      className={`offline-banner${refused ? " is-refused" : ""}`}
      role={refused ? "alert" : "status"}
      data-testid="offline-banner"
    >
      <FormattedMessage {...(refused ? uiMessages.offlineNotSent : uiMessages.offlineBanner)} />
    </div>
  );
}
