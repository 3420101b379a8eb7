import { FormattedMessage } from "react-intl";
import { QueryState } from "@/components/ui/QueryState";
import { useFormat } from "@/lib/money";
import { useMessage } from "../api";
import { NoticeTypeTag } from "./MessageList";
import { messageMessages as m } from "./messages";
import "./messages.css";

/** MessageDetail: opening it marks the message read (POST index/see_notice), then shows it whole. `onRead` lets the
 * screen refresh what else counts unread messages (Home's figure). */
export function MessageDetailView({ id, onRead }: { id: number; onRead?: () => void }) {
  const format = useFormat();
  const query = useMessage(id, onRead);
  return (
    <QueryState query={query}>
      {(notice) => (
        <article className="message-detail" data-testid="message-detail">
          <NoticeTypeTag notice={notice} />
          <h1>{notice.title}</h1>
          <div className="message-detail-meta">
            <span>
              <FormattedMessage {...m.sender} values={{ sender: notice.sender }} />
            </span>
            <span>
              <FormattedMessage {...m.sentAt} values={{ time: format.dateTime(notice.created_at) }} />
            </span>
          </div>
          <div className="message-detail-content">{notice.content}</div>
        </article>
      )}
    </QueryState>
  );
}
