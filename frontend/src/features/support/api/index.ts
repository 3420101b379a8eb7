export { supportKeys } from "./keys";
export {
  SUPPORT_POLL_MS,
  getSupportLinks,
  getSupportMessages,
  getSupportUnread,
  sendSupportMessage,
  supportLinksQueryOptions,
  supportMessagesQueryOptions,
  supportUnreadQueryOptions,
  useSupportLinks,
  useSupportMessages,
} from "./support";
export type * from "./types";
