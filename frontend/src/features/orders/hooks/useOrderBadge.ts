import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { updateSession, useSession } from "@/lib/session";
import { badgeQueryOptions } from "../api/badge";

/** Keeps session state `total` (the spec's order total: orders awaiting pickup) fresh while a tab screen is open: read
 * on the first tab screen, again when the window gets focus and after every pickup (which refreshes all queries). */
export function useOrderBadge(): number {
  const { token, total } = useSession();
  const badge = useQuery({ ...badgeQueryOptions(), enabled: Boolean(token) });
  useEffect(() => {
    if (badge.data !== undefined && badge.data !== total) updateSession({ total: badge.data });
  }, [badge.data, total]);
  return badge.data ?? total;
}
