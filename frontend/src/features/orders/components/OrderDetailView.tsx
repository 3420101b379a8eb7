import type { ReactNode } from "react";
import { List, Steps } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { CopyButton } from "@/components/ui/CopyButton";
import { EmptyState } from "@/components/ui/EmptyState";
import { Money } from "@/components/ui/Money";
import { QueryFallback } from "@/components/ui/QueryState";
import { ApiError } from "@/lib/api";
import { useFormat } from "@/lib/money";
import { useOrderDetail, type OrderDetail } from "../api";
import { lineMessages } from "./lineMessages";
import { orderMessages as m } from "./messages";
import { earnsNothing, LineImage, OrderHead } from "./OrderList";
import { PickButton } from "./pickup";
import { RefundState } from "./RefundList";
import "./orders.css";

function Row({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? "orders-row orders-row-strong" : "orders-row"}>
      <span>{label}</span>
      <span>{children}</span>
    </div>
  );
}

/** What comes next for the order and when: the pickup deadline (or its pause while the shop is closed), the ship
 * deadline, the automatic receipt, the settlement date. */
function Deadline({ order }: { order: OrderDetail }) {
  const format = useFormat();
  if (order.status === 5 && order.pickup_deadline)
    return <FormattedMessage {...m.pickupBy} values={{ time: format.dateTime(order.pickup_deadline) }} />;
  if (order.status === 5 && order.pickup_paused_left !== null)
    return <FormattedMessage {...m.pickupPaused} values={{ hours: Math.ceil(order.pickup_paused_left / 3600) }} />;
  if (order.status === 1 && order.ship_deadline)
    return <FormattedMessage {...m.shipsBy} values={{ time: format.dateTime(order.ship_deadline) }} />;
  if (order.status === 2 && order.receive_due_at)
    return <FormattedMessage {...m.receivedBy} values={{ time: format.dateTime(order.receive_due_at) }} />;
  if (order.status === 3 && order.settle_at)
    return <FormattedMessage {...m.settlesOn} values={{ time: format.dateTime(order.settle_at) }} />;
  return null;
}

function Tracking({ order }: { order: OrderDetail }) {
  const format = useFormat();
  const steps = order.tracking_events.map((event) => ({
    key: `${event.occurred_at}:${event.step}:${event.note}`,
    title: (
      <>
        {event.step_label}
        {event.note && (
          <>
            {" · "}
            <span translate="no">{event.note}</span>
          </>
        )}
      </>
    ),
    description: (
      <>
        {format.dateTime(event.occurred_at)}
        {event.place && (
          <>
            {" · "}
            <span translate="no">{event.place}</span>
          </>
        )}
      </>
    ),
    at: event.occurred_at,
  }));
  if (order.delivered_at) {
    steps.push({
      key: "delivered",
      title: <FormattedMessage {...m.delivered} />,
      description: <>{format.dateTime(order.delivered_at)}</>,
      at: order.delivered_at,
    });
    steps.sort((a, b) => (a.at < b.at ? 1 : -1)); // newest first, the delivery among the steps by its time
  }
  if (steps.length === 0)
    return (
      <div className="orders-muted orders-pad">
        <FormattedMessage {...m.noTracking} />
      </div>
    );
  return (
    <Steps direction="vertical" current={0} data-testid="tracking-steps">
      {steps.map((step, index) => (
        <Steps.Step key={step.key} title={step.title} description={step.description} status={index === 0 ? "process" : "finish"} />
      ))}
    </Steps>
  );
}

function Detail({ order }: { order: OrderDetail }) {
  const format = useFormat();
  return (
    <div className="orders-detail" data-testid="order-detail">
      <div className="orders-detail-head">
        <OrderHead order={order} />
        <div className="orders-deadline" data-testid="order-deadline">
          <Deadline order={order} />
        </div>
        {order.status === 5 && <PickButton order={order} block />}
      </div>

      <List header={<FormattedMessage {...m.lines} />}>
        {order.lines.map((line, index) => (
          <List.Item key={index} prefix={<LineImage src={line.image} alt={line.title} />} extra={`× ${line.quantity}`}>
            <div className="orders-title" translate="no">
              {line.title}
            </div>
            {line.ordered_title !== line.title && (
              <div className="orders-muted" data-testid="ordered-title">
                <FormattedMessage {...lineMessages.orderedAs} values={{ title: <span translate="no">{line.ordered_title}</span> }} />
              </div>
            )}
            <div className="orders-muted">
              <FormattedMessage
                {...m.unitPrices}
                values={{ retail: format.money(line.retail_price), purchase: format.money(line.purchase_price) }}
              />
            </div>
          </List.Item>
        ))}
      </List>

      <List header={<FormattedMessage {...m.money} />}>
        <List.Item>
          <Row label={<FormattedMessage {...m.totalPayment} />}>
            <Money value={order.total_payment} />
          </Row>
          <Row label={<FormattedMessage {...m.totalCost} />}>
            <Money value={order.total_cost} />
          </Row>
          {earnsNothing(order.status) ? (
            <Row label={<FormattedMessage {...m.noEarnings} />}>
              <s className="orders-void" data-testid="order-earnings">
                <Money value={order.earnings} />
              </s>
            </Row>
          ) : (
            <Row label={<FormattedMessage {...m.earnings} />} strong>
              <span data-testid="order-earnings">
                <Money value={order.earnings} />
              </span>
            </Row>
          )}
        </List.Item>
      </List>

      <List header={<FormattedMessage {...m.origin} />}>
        <List.Item>
          <Row label={<FormattedMessage {...m.source} />}>
            <span data-testid="order-source">
              {order.source_name ? (
                <FormattedMessage {...m.sourceNamed} values={{ kind: order.source_label, name: <span translate="no">{order.source_name}</span> }} />
              ) : (
                order.source_label
              )}
            </span>
          </Row>
          <Row label={<FormattedMessage {...m.paymentReference} />}>
            <span translate="no" data-testid="payment-reference">
              {order.payment_reference || <FormattedMessage {...m.notPaidYet} />}
            </span>
          </Row>
        </List.Item>
      </List>

      {order.refunds.length > 0 && (
        <List header={<FormattedMessage {...m.refund} />}>
          {order.refunds.map((refund) => (
            <List.Item key={refund.id}>
              <RefundState refund={refund} cost={order.total_cost} />
            </List.Item>
          ))}
        </List>
      )}

      <List header={<FormattedMessage {...m.shipping} />}>
        <List.Item>
          <Row label={<FormattedMessage {...m.recipient} />}>
            <span translate="no">{order.ship_name}</span>
          </Row>
          <Row label={<FormattedMessage {...m.phone} />}>
            <span translate="no">{order.ship_phone}</span>
          </Row>
          <Row label={<FormattedMessage {...m.address} />}>
            <span translate="no">
              {[order.ship_address, order.ship_country].join(", ")}
            </span>
          </Row>
          {order.carrier && (
            <Row label={<FormattedMessage {...m.carrier} />}>
              <span translate="no">{order.carrier}</span>
            </Row>
          )}
          {order.tracking_number && (
            <Row label={<FormattedMessage {...m.trackingNumber} />}>
              <span className="orders-number-copy">
                <span translate="no" data-testid="tracking-number">
                  {order.tracking_number}
                </span>
                <CopyButton text={order.tracking_number} />
              </span>
            </Row>
          )}
        </List.Item>
      </List>

      {order.shipped_at && (
        <List header={<FormattedMessage {...m.tracking} />}>
          <List.Item>
            <Tracking order={order} />
          </List.Item>
        </List>
      )}

      <List header={<FormattedMessage {...m.history} />}>
        <List.Item>
          <Row label={<FormattedMessage {...m.orderTime} />}>{format.dateTime(order.created_at)}</Row>
          {order.history.map((change, index) => (
            <Row key={index} label={change.status_label}>
              {format.dateTime(change.created_at)}
            </Row>
          ))}
        </List.Item>
      </List>
    </div>
  );
}

/** OrderDetail: one order with its products, money, shipping, tracking timeline, status history, refund and what
 * comes next; "Pick up" while it awaits pickup. */
export function OrderDetailView({ id }: { id: number }) {
  const query = useOrderDetail(id);
  if (id <= 0 || (query.error instanceof ApiError && query.error.isRejection)) return <EmptyState />;
  if (!query.data) return <QueryFallback query={query} />;
  return <Detail order={query.data} />;
}
