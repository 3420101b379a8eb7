import { useState } from "react";
import { Image, PullToRefresh, SearchBar, Tabs, Tag } from "antd-mobile";
import { PictureOutline } from "antd-mobile-icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { useLocation, useNavigate } from "react-router-dom";
import { CopyButton } from "@/components/ui/CopyButton";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { Money } from "@/components/ui/Money";
import { useDebounced } from "@/hooks/useDebounced";
import { useFormat } from "@/lib/money";
import { getOrders, orderKeys, type OrderStatus, type OrderSummary, type OrderTab, type PickBatchAnswer } from "../api";
import { orderMessages as m } from "./messages";
import { PickAllButton, PickButton, PickResults } from "./pickup";
import "./orders.css";

export const ORDER_TABS: { key: OrderTab; title: MessageDescriptor }[] = [
  { key: "all", title: m.tabAll },
  { key: "5", title: m.tab5 },
  { key: "1", title: m.tab1 },
  { key: "2", title: m.tab2 },
  { key: "3", title: m.tab3 },
  { key: "4", title: m.tab4 },
  { key: "0", title: m.tab0 },
  { key: "-1", title: m.tabCancelled },
  { key: "-2", title: m.tabRefunded },
];

const STATUS_COLORS: Partial<Record<OrderStatus, "primary" | "warning" | "success" | "danger" | "default">> = {
  5: "warning",
  1: "primary",
  2: "primary",
  3: "primary",
  4: "success",
  [-1]: "default",
  [-2]: "danger",
};

function OrderStatusTag({ status, label }: { status: OrderStatus; label: string }) {
  return (
    <Tag color={STATUS_COLORS[status] ?? "default"} fill="outline">
      {label}
    </Tag>
  );
}

/** The first product's picture (or a placeholder when it has none). */
export function LineImage({ src, alt }: { src: string | null | undefined; alt: string }) {
  return (
    <Image
      className="orders-image"
      src={src ?? undefined}
      alt={alt}
      fit="cover"
      lazy
      placeholder={<PictureOutline className="orders-image-empty" />}
      fallback={<PictureOutline className="orders-image-empty" />}
    />
  );
}

/** An order's number (with a copy button) and status, at the top of its card and of its detail. */
export function OrderHead({ order }: { order: Pick<OrderSummary, "number" | "status" | "status_label"> }) {
  return (
    <div className="orders-card-head">
      <span className="orders-number-copy">
        <span className="orders-number" translate="no">
          {order.number}
        </span>
        <CopyButton text={order.number} compact />
      </span>
      <OrderStatusTag status={order.status} label={order.status_label} />
    </div>
  );
}

/** A cancelled (-1) or refunded (-2) order earns nothing: its would-be earnings are struck through, not green. */
export function earnsNothing(status: OrderStatus): boolean {
  return status === -1 || status === -2;
}

/** The card's "Your earnings" figure (or "No earnings" over the struck amount of a cancelled or refunded order). */
function Earnings({ order }: { order: Pick<OrderSummary, "status" | "earnings"> }) {
  if (earnsNothing(order.status))
    return (
      <div className="orders-earnings-void" data-testid="order-earnings">
        <FormattedMessage {...m.noEarnings} />
        <s>
          <Money value={order.earnings} />
        </s>
      </div>
    );
  return (
    <div className="orders-earnings" data-testid="order-earnings">
      <FormattedMessage {...m.earnings} />
      <Money value={order.earnings} />
    </div>
  );
}

function OrderCard({ order }: { order: OrderSummary }) {
  const format = useFormat();
  const navigate = useNavigate();
  return (
    <div className="orders-card" data-testid="order-card" onClick={() => navigate(`/orderDetail?id=${order.id}`)}>
      <OrderHead order={order} />
      <div className="orders-card-body">
        <LineImage src={order.image} alt={order.title} />
        <div className="orders-card-text">
          <div className="orders-title">
            <span translate="no">{order.title}</span>
            {order.line_count > 1 && (
              <span className="orders-more">
                <FormattedMessage {...m.moreLines} values={{ count: order.line_count - 1 }} />
              </span>
            )}
          </div>
          <div className="orders-muted orders-meta">
            <FormattedMessage {...m.quantity} values={{ count: order.quantity }} />
            <span>{format.dateTime(order.created_at)}</span>
          </div>
        </div>
      </div>
      <div className="orders-figures">
        <div>
          <FormattedMessage {...m.totalPayment} />
          <Money value={order.total_payment} />
        </div>
        <div>
          <FormattedMessage {...m.totalCost} />
          <Money value={order.total_cost} />
        </div>
        <Earnings order={order} />
      </div>
      {order.status === 5 && (
        <div className="orders-card-foot">
          <span className="orders-deadline">
            {order.pickup_deadline && (
              <FormattedMessage {...m.pickupBy} values={{ time: format.dateTime(order.pickup_deadline) }} />
            )}
            {!order.pickup_deadline && order.pickup_paused_left !== null && (
              <FormattedMessage {...m.pickupPaused} values={{ hours: Math.ceil(order.pickup_paused_left / 3600) }} />
            )}
          </span>
          <PickButton order={order} />
        </div>
      )}
      {order.status === 1 && order.ship_deadline && (
        <div className="orders-card-foot orders-deadline">
          <FormattedMessage {...m.shipsBy} values={{ time: format.dateTime(order.ship_deadline) }} />
        </div>
      )}
      {order.status === 3 && order.settle_at && (
        <div className="orders-card-foot orders-deadline">
          <FormattedMessage {...m.settlesOn} values={{ time: format.dateTime(order.settle_at) }} />
        </div>
      )}
    </div>
  );
}

/** Order: status tabs with their counts (`?tab=<key>` opens one), a search, the orders of the tab (pull to refresh, more on scroll), "Pick up"
 * per order awaiting pickup and "Pick up all" on that tab. */
export function OrderList() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  // `/order?tab=5` opens a tab (Home's Awaiting pickup); a later visit without one keeps the tab the merchant chose.
  const location = useLocation();
  const asked = ORDER_TABS.find((item) => item.key === new URLSearchParams(location.search).get("tab"))?.key;
  const [tab, setTab] = useState<OrderTab>(asked ?? "all");
  const [visit, setVisit] = useState(location.key);
  if (visit !== location.key) {
    setVisit(location.key);
    if (asked) setTab(asked);
  }
  const [search, setSearch] = useState("");
  // The last "Pick up all" answer: kept here, since the button goes away once nothing awaits pickup.
  const [picked, setPicked] = useState<PickBatchAnswer | null>(null);
  const keyword = useDebounced(search.trim(), 400);
  // The counts and the pick-all figures come with every page; the first page of "all" keeps them fresh.
  const figures = useQuery({
    queryKey: orderKeys.counts(),
    queryFn: ({ signal }) => getOrders("all", "", 1, 1, signal),
    select: ({ counts, awaiting_pickup, awaiting_pickup_cost }) => ({ counts, awaiting_pickup, awaiting_pickup_cost }),
  });
  const counts = figures.data?.counts ?? {};
  return (
    <div className="orders">
      <div className="orders-top">
        <SearchBar placeholder={intl.formatMessage(m.search)} value={search} onChange={setSearch} />
        <Tabs activeKey={tab} onChange={(key) => setTab(key as OrderTab)}>
          {ORDER_TABS.map((item) => {
            const count = item.key === "all" ? undefined : counts[item.key];
            return (
              <Tabs.Tab
                key={item.key}
                title={
                  <span data-testid={`order-tab-${item.key}`}>
                    {intl.formatMessage(item.title)}
                    {count ? <span className="orders-tab-count">{count}</span> : null}
                  </span>
                }
              />
            );
          })}
        </Tabs>
      </div>
      {tab === "5" && figures.data && (
        <PickAllButton
          count={figures.data.awaiting_pickup}
          totalCost={figures.data.awaiting_pickup_cost}
          onPicked={setPicked}
        />
      )}
      <PickResults answer={picked} onClose={() => setPicked(null)} />
      <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: orderKeys.all })}>
        <InfiniteList
          key={`${tab}:${keyword}`}
          queryKey={orderKeys.list(tab, keyword)}
          fetchPage={(page, limit, signal) => getOrders(tab, keyword, page, limit, signal)}
          itemKey={(order) => order.id}
          renderItem={(order) => <OrderCard order={order} />}
          empty={tab === "5" && !keyword ? <FormattedMessage {...m.allCaughtUp} /> : undefined}
        />
      </PullToRefresh>
    </div>
  );
}
