import { useQueryClient } from "@tanstack/react-query";
import { figureKeys } from "@/features/figures";
import { MessageDetailView } from "@/features/messages";
import { NotFound } from "../NotFound";
import { useIdParam } from "../useIdParam";

/** /messageDetail?id=<message id>: one message, marked read on opening; Home's unread figure is read again. */
export default function MessageDetailScreen() {
  const id = useIdParam();
  const queryClient = useQueryClient();
  if (id === null) return <NotFound />;
  return (
    <MessageDetailView key={id} id={id} onRead={() => void queryClient.invalidateQueries({ queryKey: figureKeys.home() })} />
  );
}
