import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { onlineManager, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { OfflineError } from "@/lib/api";
import { uiArgumentMessages, uiMessages } from "./messages";

const isOnline = () => onlineManager.isOnline();
const subscribe = (listener: () => void) => onlineManager.subscribe(listener);

/**
 * When the data on screen was read: the oldest successful read that a mounted screen shows (restored from the device
 * when the app opened offline, lib/api/persist.ts), or null when there is none. Re-read as the cache changes.
 */
function useDataTime(enabled: boolean): number | null {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const read = () => {
    if (!enabled) return null;
    const times = cache
      .getAll()
      .filter((query) => query.state.status === "success" && query.getObserversCount() > 0)
      .map((query) => query.state.dataUpdatedAt);
    return times.length ? Math.min(...times) : null;
  };
  return useSyncExternalStore((listener) => cache.subscribe(listener), read, read);
}

/** "14:05" (or "2:05 PM") today, with the date on another day: written as the app writes every time, in its language. */
function useDataTimeText(time: number | null): string | null {
  const intl = useIntl();
  if (time === null) return null;
  const sameDay = new Date(time).toDateString() === new Date().toDateString();
  const clock = intl.formatTime(time, { hour: "numeric", minute: "2-digit" });
  return sameDay ? clock : `${intl.formatDate(time, { month: "short", day: "numeric" })}, ${clock}`;
}

/**
 * While the device is offline (TanStack Query's onlineManager, from the browser's online/offline events), a banner
 * stuck to the top of every screen says so and what happens: no change is sent until the device is back online (the
 * query client refuses each at once, lib/api/queryClient.ts). When a change was refused, it says that nothing was
 * sent, as an alert. It also says when the data on screen was read ("Data from 14:05"): the screens show the last data
 * read-only. It is in the app's first load: a toast's chunk could not be fetched offline.
 */
export function OfflineBanner() {
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(subscribe, isOnline, isOnline);
  const [refused, setRefused] = useState(false);
  const dataTime = useDataTimeText(useDataTime(!online));
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
      {dataTime && (
        <div className="offline-banner-time" data-testid="offline-data-time">
          <FormattedMessage {...uiArgumentMessages.offlineDataTime} values={{ time: dataTime }} />
        </div>
      )}
    </div>
  );
}
