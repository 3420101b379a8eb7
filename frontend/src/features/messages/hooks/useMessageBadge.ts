import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { updateSession, useSession } from "@/lib/session";
import { unreadQueryOptions } from "../api";

/** Keeps session state `msg_total` (the merchant's unread messages) fresh while a tab screen is open: polled every 30
 * seconds while the page is visible, on focus, and after a message is read. Returns the count for the badges. */
export function useMessageBadge(): number {
  const { token, msgTotal } = useSession();
  const unread = useQuery({ ...unreadQueryOptions(), enabled: Boolean(token) });
  useEffect(() => {
    if (unread.data !== undefined && unread.data !== msgTotal) updateSession({ msgTotal: unread.data });
  }, [unread.data, msgTotal]);
  return unread.data ?? msgTotal;
}
