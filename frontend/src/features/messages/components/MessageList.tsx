import { useState } from "react";
import { Button, PullToRefresh, Tabs, Tag, Toast } from "antd-mobile";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { useNavigate } from "react-router-dom";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { useFormat } from "@/lib/money";
import { getNotices, messageKeys, unreadQueryOptions, useMarkAllRead, type MessageTab, type Notice } from "../api";
import { messageMessages as m } from "./messages";
import "./messages.css";

/** The spec's tabs, in its order: all, read, unread. */
export const MESSAGE_TABS: { key: MessageTab; title: MessageDescriptor }[] = [
  { key: "all", title: m.tabAll },
  { key: "1", title: m.tabRead },
  { key: "0", title: m.tabUnread },
];

/** A message's type: 1 system message, 2 user notification (the server's translated label). */
export function NoticeTypeTag({ notice }: { notice: Pick<Notice, "type" | "type_label"> }) {
  return (
    <Tag color={notice.type === 1 ? "primary" : "success"} fill="outline">
      {notice.type_label}
    </Tag>
  );
}

function MessageCard({ notice }: { notice: Notice }) {
  const intl = useIntl();
  const format = useFormat();
  const navigate = useNavigate();
  return (
    <div
      className={`message-card ${notice.is_read ? "message-card-read" : "message-card-unread"}`}
      data-testid="message-card"
      data-read={notice.is_read}
      onClick={() => navigate(`/messageDetail?id=${notice.id}`)}
    >
      <div className="message-card-head">
        {!notice.is_read && <span className="message-dot" role="img" aria-label={intl.formatMessage(m.unread)} />}
        <span className="message-card-title">{notice.title}</span>
        <NoticeTypeTag notice={notice} />
      </div>
      {notice.preview && <div className="message-card-preview">{notice.preview}</div>}
      <div className="message-card-meta">
        <span>
          <FormattedMessage {...m.sender} values={{ sender: notice.sender }} />
        </span>
        <span>{format.dateTime(notice.created_at)}</span>
      </div>
    </div>
  );
}

/** "Mark all read", shown while a message is unread. `onDone` refreshes what else counts unread messages. */
function MarkAllRead({ onDone }: { onDone?: () => void }) {
  const intl = useIntl();
  const unread = useQuery(unreadQueryOptions()).data ?? 0;
  const markAll = useMarkAllRead(() => {
    Toast.show({ content: intl.formatMessage(m.allRead) });
    onDone?.();
  });
  if (unread === 0) return null;
  return (
    <div className="messages-actions">
      <Button size="small" fill="outline" color="primary" loading={markAll.isPending} onClick={() => markAll.mutate()} data-testid="mark-all-read">
        {intl.formatMessage(m.markAllRead)}
      </Button>
    </div>
  );
}

/** Message: the tabs all, read and unread, each an infinite list of the merchant's messages, newest first (pull to
 * refresh); "Mark all read"; a message opens its details. */
export function MessageList({ onAllRead }: { onAllRead?: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<MessageTab>("all");
  return (
    <div className="messages">
      <div className="messages-top">
        <Tabs activeKey={tab} onChange={(key) => setTab(key as MessageTab)}>
          {MESSAGE_TABS.map((item) => (
            <Tabs.Tab key={item.key} title={<span data-testid={`message-tab-${item.key}`}>{intl.formatMessage(item.title)}</span>} />
          ))}
        </Tabs>
        <MarkAllRead onDone={onAllRead} />
      </div>
      <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: messageKeys.all })}>
        <InfiniteList
          key={tab}
          queryKey={messageKeys.list(tab)}
          fetchPage={(page, limit, signal) => getNotices(tab, page, limit, signal)}
          itemKey={(notice) => notice.id}
          renderItem={(notice) => <MessageCard notice={notice} />}
        />
      </PullToRefresh>
    </div>
  );
}
