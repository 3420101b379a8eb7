import { useState } from "react";
import { Tabs, Tag } from "antd-mobile";
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { useNavigate } from "react-router-dom";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { Money } from "@/components/ui/Money";
import { useFormat } from "@/lib/money";
import { getRefunds, orderKeys, type OrderDetail, type RefundItem, type RefundStatus, type RefundTab } from "../api";
import { orderMessages as m } from "./messages";
import { LineImage } from "./OrderList";
import "./orders.css";

const REFUND_TABS: { key: RefundTab; title: MessageDescriptor }[] = [
  { key: "all", title: m.tabAll },
  { key: "0", title: m.refundTab0 },
  { key: "1", title: m.refundTab1 },
  { key: "2", title: m.refundTab2 },
];

const COLORS: Record<RefundStatus, "warning" | "success" | "danger"> = { 0: "warning", 1: "success", 2: "danger" };

/** A refund request as the order shows it: status, time, amount, the buyer's reason and goods, the decision, and what
 * comes back to the merchant: its cost `cost` once approved (product.md 5.3), nothing when rejected. */
export function RefundState({ refund, cost }: { refund: OrderDetail["refunds"][number]; cost: string }) {
  const format = useFormat();
  return (
    <div className="orders-refund" data-testid="refund-state">
      <div className="orders-card-head">
        <span className="orders-muted">
          <FormattedMessage {...m.appliedOn} values={{ time: format.dateTime(refund.created_at) }} />
        </span>
        <Tag color={COLORS[refund.status]} fill="outline">
          {refund.status_label}
        </Tag>
      </div>
      <div className="orders-row">
        <FormattedMessage {...m.amount} />
        <Money value={refund.amount} />
      </div>
      <div className="orders-row">
        <FormattedMessage {...m.goodsStatus} />
        <span>{refund.goods_status_label}</span>
      </div>
      <div className="orders-row">
        <FormattedMessage {...m.refundReason} />
        <span translate="no">{refund.reason}</span>
      </div>
      {refund.decision_note && (
        <div className="orders-row">
          <FormattedMessage {...m.decisionNote} />
          <span translate="no">{refund.decision_note}</span>
        </div>
      )}
      <div className={refund.status === 1 ? "orders-refund-back" : "orders-muted"} data-testid="refund-back">
        {refund.status === 0 && <FormattedMessage {...m.refundBackIfApproved} values={{ amount: format.money(cost) }} />}
        {refund.status === 1 && <FormattedMessage {...m.refundBack} values={{ amount: format.money(cost) }} />}
        {refund.status === 2 && <FormattedMessage {...m.refundNothingBack} />}
      </div>
    </div>
  );
}

function RefundCard({ refund }: { refund: RefundItem }) {
  const navigate = useNavigate();
  return (
    <div className="orders-card" data-testid="refund-card" onClick={() => navigate(`/orderDetail?id=${refund.order_id}`)}>
      <div className="orders-card-body">
        <LineImage src={refund.image} alt={refund.title} />
        <div className="orders-card-text">
          <div className="orders-title" translate="no">
            {refund.title}
          </div>
          <div className="orders-muted">
            <FormattedMessage
              {...m.orderNumberIs}
              values={{ number: <span translate="no">{refund.order_number}</span> }}
            />
          </div>
        </div>
      </div>
      <RefundState refund={refund} cost={refund.total_cost} />
    </div>
  );
}

/** RefundRequest: the refund requests of the shop's orders by status; each opens its order. */
export function RefundList() {
  const intl = useIntl();
  const [tab, setTab] = useState<RefundTab>("all");
  return (
    <div className="orders">
      <div className="orders-top">
        <Tabs activeKey={tab} onChange={(key) => setTab(key as RefundTab)}>
          {REFUND_TABS.map((item) => (
            <Tabs.Tab key={item.key} title={intl.formatMessage(item.title)} />
          ))}
        </Tabs>
      </div>
      <InfiniteList
        key={tab}
        queryKey={orderKeys.refunds(tab)}
        fetchPage={(page, limit, signal) => getRefunds(tab, page, limit, signal)}
        itemKey={(refund) => refund.id}
        renderItem={(refund) => <RefundCard refund={refund} />}
      />
    </div>
  );
}
