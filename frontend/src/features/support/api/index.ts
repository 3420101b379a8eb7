export { supportKeys } from "./keys";
export {
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
