import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api, POLL_MS } from "@/lib/api";
import { supportKeys } from "./keys";
import type { SendInput, SupportMessage, SupportPage } from "./types";

export const SUPPORT_PAGE = 20;

/** GET newapi/get_kf_urls: the links operators configure (Telegram, WhatsApp, e-mail, a web page), in their order. */
export const getSupportLinks = (signal?: AbortSignal) => api.get("newapi/get_kf_urls", undefined, signal);

export const supportLinksQueryOptions = () =>
  queryOptions({ queryKey: supportKeys.links(), queryFn: ({ signal }) => getSupportLinks(signal), select: (data) => data.list });

export const useSupportLinks = () => useQuery(supportLinksQueryOptions());

/** GET newapi/get_kf_num: operator replies not read yet. */
export const getSupportUnread = (signal?: AbortSignal) => api.get("newapi/get_kf_num", undefined, signal);

export const supportUnreadQueryOptions = () =>
  queryOptions({
    queryKey: supportKeys.unread(),
    queryFn: ({ signal }) => getSupportUnread(signal),
    select: (data) => data.unread,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: "always",
    staleTime: 0,
  });

/** GET newapi/kf_messages: a page of the conversation, newest first; `before_id` pages back. Reading the newest page
 * marks the replies read on the server. */
export function getSupportMessages(beforeId: number | undefined, signal?: AbortSignal): Promise<SupportPage> {
  return api.get("newapi/kf_messages", { limit: SUPPORT_PAGE, ...(beforeId ? { before_id: beforeId } : {}) }, signal);
}

export const supportMessagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: supportKeys.messages(),
    queryFn: ({ pageParam, signal }) => getSupportMessages(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.list.at(-1)?.id : undefined),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: "always",
    staleTime: 0,
  });

/** `enabled`: false while the screen is hidden (kept mounted): a hidden conversation neither polls nor marks read. */
export const useSupportMessages = (enabled = true) => useInfiniteQuery({ ...supportMessagesQueryOptions(), enabled });

/** POST newapi/kf_send: a text, an uploaded image (kind `support`), or both. The same Idempotency-Key on a retry
 * never sends the message twice. */
export function sendSupportMessage(input: SendInput, idempotencyKey: string): Promise<SupportMessage> {
  return api.post("newapi/kf_send", input, { idempotencyKey });
}
