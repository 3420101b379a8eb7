/**
 * The badges, in one place: the Order tab's (orders awaiting pickup: the spec's `total`) and the My tab's and the
 * Messages link's (unread messages: `msg_total`). `useBadges` observes their queries (read on the first tab screen,
 * on focus, the messages every 30 seconds, and again when a pickup or a read message invalidates them);
 * `persistBadges` writes every count the query cache receives into the session, under the spec's localStorage keys,
 * and the badges show the session's counts (the last known ones until the first answer).
 * The features' api modules are imported directly, not through the features' indexes: they are on the first load.
 */
import { useEffect } from "react";
import { hashKey, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { unreadQueryOptions } from "@/features/messages/api";
import { badgeQueryOptions } from "@/features/orders/api/badge";
import { getSession, updateSession, useSession } from "@/lib/session";

const awaitingPickup = badgeQueryOptions();
const unreadMessages = unreadQueryOptions();

/** The session field (and so the localStorage key) each badge's count is kept in. */
const FIELDS = new Map([
  [hashKey(awaitingPickup.queryKey), "total"],
  [hashKey(unreadMessages.queryKey), "msgTotal"],
] as const);

/** Writes each badge count the query cache receives into the session; returns the unsubscribe. */
export function persistBadges(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    const field = FIELDS.get(event.query.queryHash);
    if (!field || event.type !== "updated" || event.action.type !== "success") return;
    const count = event.query.state.data as number;
    if (getSession()[field] !== count) updateSession(field === "total" ? { total: count } : { msgTotal: count });
  });
}

/** persistBadges on the app's query client while the app is mounted (App). */
export function BadgeEffects() {
  const queryClient = useQueryClient();
  useEffect(() => persistBadges(queryClient), [queryClient]);
  return null;
}

/** The counts to show, kept fresh while a screen showing them is mounted and the merchant is signed in. */
export function useBadges(): { awaitingPickup: number; unreadMessages: number } {
  const { token, total, msgTotal } = useSession();
  useQuery({ ...awaitingPickup, enabled: Boolean(token) });
  useQuery({ ...unreadMessages, enabled: Boolean(token) });
  return { awaitingPickup: total, unreadMessages: msgTotal };
}
