import type { ReactNode } from "react";
import { Button } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { QueryState } from "@/components/ui/QueryState";
import { useFormat } from "@/lib/money";
import { targetPath, useMessage, type NoticeTarget } from "../api";
import { NoticeTypeTag } from "./MessageList";
import { messageMessages as m } from "./messages";
import "./messages.css";

const OPEN = { order: m.openOrder, refund: m.openRefund, deposit: m.openDeposit, withdrawal: m.openWithdrawal } as const;

/** The button that opens what the message is about (an order, a refund, a deposit, a withdrawal). */
function OpenTarget({ target }: { target: NoticeTarget & { kind: keyof typeof OPEN } }) {
  const navigate = useNavigate();
  return (
    <Button className="message-detail-target" block color="primary" fill="outline" onClick={() => navigate(targetPath(target))} data-testid="message-target">
      <FormattedMessage {...OPEN[target.kind]} />
    </Button>
  );
}

/** MessageDetail: opening it marks the message read (POST index/see_notice), then shows it whole. `onRead` lets the
 * screen refresh what else counts unread messages (Home's figure); `securityAction` is what the screen shows under a
 * security notice (target kind "security": the account's "This wasn't me"), given the notice's id. */
export function MessageDetailView({
  id,
  onRead,
  securityAction,
}: {
  id: number;
  onRead?: () => void;
  securityAction?: (noticeId: number) => ReactNode;
}) {
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
          {notice.target &&
            (notice.target.kind === "security" ? (
              securityAction?.(notice.target.id)
            ) : (
              <OpenTarget target={{ ...notice.target, kind: notice.target.kind }} />
            ))}
        </article>
      )}
    </QueryState>
  );
}
