import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { figureKeys } from "@/features/figures";
import { MessageDetailView } from "@/features/messages";

/** /messageDetail?id=<message id>: one message, marked read on opening; Home's unread figure is read again. */
export default function MessageDetailScreen() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const id = Number(params.get("id"));
  return (
    <MessageDetailView
      key={id}
      id={Number.isInteger(id) ? id : 0}
      onRead={() => void queryClient.invalidateQueries({ queryKey: figureKeys.home() })}
    />
  );
}
