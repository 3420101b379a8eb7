import { useQueryClient } from "@tanstack/react-query";
import { NotMeButton } from "@/features/account";
import { figureKeys } from "@/features/figures";
import { MessageDetailView } from "@/features/messages";
import { NotFound } from "../NotFound";
import { useIdParam } from "../useIdParam";

/** /messageDetail?id=<message id>: one message, marked read on opening; Home's unread figure is read again. A
 * security notice offers "This wasn't me" (features/account). */
export default function MessageDetailScreen() {
  const id = useIdParam();
  const queryClient = useQueryClient();
  if (id === null) return <NotFound />;
  return (
    <MessageDetailView
      key={id}
      id={id}
      onRead={() => void queryClient.invalidateQueries({ queryKey: figureKeys.home() })}
      securityAction={(noticeId) => <NotMeButton noticeId={noticeId} />}
    />
  );
}
