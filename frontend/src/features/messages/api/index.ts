import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, POLL_MS } from "@/lib/api";
import { messageKeys } from "./keys";
import type { AnnouncementPage, MessageTab, NoticeDetail, NoticePage, NoticeTarget, SeeAllAnswer } from "./types";

export { messageKeys } from "./keys";
export type * from "./types";

/** GET index/notice: the merchant's messages of a tab, newest first, with the unread count. */
export function getNotices(tab: MessageTab, page: number, limit: number, signal?: AbortSignal): Promise<NoticePage> {
  return api.get("index/notice", { is_see: tab, page, limit }, signal);
}

/** The unread count (app/badges writes it to session state msg_total): read every 30 seconds while the app is visible
 * (TanStack Query pauses the interval while the page is hidden) and when the window gets focus. */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.unread(),
    queryFn: async ({ signal }) => (await getNotices("0", 1, 1, signal)).unread,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: "always",
  });

/** POST index/see_notice: marks the message read and answers it with its content. Idempotent, so a query reads it
 * (the screen's loading, failure and retry states); its failure is shown on the screen, not as a toast. */
export function seeNotice(id: number): Promise<NoticeDetail> {
  return api.post("index/see_notice", { id });
}

export function useMessage(id: number, onRead?: () => void) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.detail(id),
    queryFn: async () => {
      const notice = await seeNotice(id);
      void queryClient.invalidateQueries({ queryKey: messageKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread() });
      onRead?.();
      return notice;
    },
    enabled: id > 0,
    meta: { toast: false },
    staleTime: Infinity,
  });
}

/** POST index/see_all_notices: marks every message read. */
export function seeAllNotices(): Promise<SeeAllAnswer> {
  return api.post("index/see_all_notices");
}

/** "Mark all read": then the lists, the unread badge (app/badges) and what else counts unread messages (`onDone`:
 * Home's figure) are read again. */
export function useMarkAllRead(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: seeAllNotices,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread() });
      onDone?.();
    },
  });
}

/** The screen a message about something opens (app/routes): an order's detail, the refund requests, the deposit or
 * withdrawal records, each with the thing's id. (A security notice opens nothing: it offers "This wasn't me".) */
export function targetPath(target: NoticeTarget & { kind: Exclude<NoticeTarget["kind"], "security"> }): string {
  const screen = { order: "/orderDetail", refund: "/refundRequest", deposit: "/rechargeRecord", withdrawal: "/withdrawRecord" }[
    target.kind
  ];
  return `${screen}?id=${target.id}`;
}

/** GET merchant/affiche: the platform's announcements in force, newest first (Home shows the newest). */
export function getAnnouncements(page: number, limit: number, signal?: AbortSignal): Promise<AnnouncementPage> {
  return api.get("merchant/affiche", { page, limit }, signal);
}

export const useCurrentAnnouncement = () =>
  useQuery({
    queryKey: messageKeys.announcements(),
    queryFn: ({ signal }) => getAnnouncements(1, 1, signal),
    select: (page) => page.list[0] ?? null,
    staleTime: 5 * 60_000,
  });
