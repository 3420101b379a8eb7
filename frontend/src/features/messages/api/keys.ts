import type { MessageTab } from "./types";

/** Query keys of the messages feature. After a message is read, `messageKeys.lists()` and `messageKeys.unread()` are
 * read again (not the detail: reading it again would only mark it read again). */
export const messageKeys = {
  all: ["messages"] as const,
  lists: () => [...messageKeys.all, "list"] as const,
  list: (tab: MessageTab) => [...messageKeys.lists(), tab] as const,
  unread: () => [...messageKeys.all, "unread"] as const,
  detail: (id: number) => [...messageKeys.all, "detail", id] as const,
  announcements: () => [...messageKeys.all, "announcements"] as const,
};
