import { MessageList } from "@/features/messages";

/** /message: the merchant's messages by tab (all, read, unread), newest first. */
export default function MessageScreen() {
  return <MessageList />;
}
