import { useQueryClient } from "@tanstack/react-query";
import { figureKeys } from "@/features/figures";
import { MessageList } from "@/features/messages";

/** /message: the merchant's messages by tab (all, read, unread), newest first; "Mark all read" reads Home's unread
 * figure again. */
export default function MessageScreen() {
  const queryClient = useQueryClient();
  return <MessageList onAllRead={() => void queryClient.invalidateQueries({ queryKey: figureKeys.home() })} />;
}
