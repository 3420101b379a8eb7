import { useState } from "react";
import { Button, Tabs, Tag } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router-dom";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { useConfirm } from "@/components/ui/confirm";
import { useFormat } from "@/lib/money";
import { toast } from "@/lib/toast";
import { catalogKeys, getGoods, useGoodsSwitch, useRemoveGoods, type Goods, type GoodsTab } from "../api";
import { goodsMessages as m } from "./messages";
import { GoodsStats, ProductCard } from "./ProductCard";
import "./catalog.css";

const TABS: { key: GoodsTab; title: typeof m.tabAll }[] = [
  { key: "all", title: m.tabAll },
  { key: "selling", title: m.tabSelling },
  { key: "stock", title: m.tabStock },
];

/** On shelf / off shelf and remove (confirmed) for one listing; the server's msg is the success toast. */
export function GoodsActions({ goods, title }: { goods: { id: number; on_shelf: boolean }; title: string }) {
  const confirm = useConfirm();
  const switchShelf = useGoodsSwitch();
  const remove = useRemoveGoods();
  const done = ({ msg }: { msg: string }) => toast.success(msg);
  return (
    <div className="catalog-actions" onClick={(event) => event.stopPropagation()}>
      <Button
        size="mini"
        color={goods.on_shelf ? "default" : "primary"}
        loading={switchShelf.isPending}
        onClick={() => switchShelf.mutate({ id: goods.id, on_shelf: !goods.on_shelf }, { onSuccess: done })}
      >
        <FormattedMessage {...(goods.on_shelf ? m.offShelf : m.onShelf)} />
      </Button>
      <Button
        size="mini"
        color="danger"
        fill="outline"
        loading={remove.isPending}
        onClick={async () => {
          if (await confirm(m.removeConfirm, { title }, { danger: m.remove })) remove.mutate({ id: goods.id }, { onSuccess: done });
        }}
      >
        <FormattedMessage {...m.remove} />
      </Button>
    </div>
  );
}

function GoodsCard({ goods }: { goods: Goods }) {
  const navigate = useNavigate();
  const format = useFormat();
  return (
    <div data-testid="goods-card" onClick={() => navigate(`/goodsDetail?id=${goods.product.id}`)}>
      <ProductCard
        product={goods.product}
        tags={
          <>
            <Tag color={goods.on_shelf ? "success" : "default"} fill="outline">
              {goods.status_label}
            </Tag>
            {goods.is_promoted && (
              <Tag color="warning" data-testid="goods-promoted">
                <FormattedMessage {...m.promoted} values={{ time: format.dateTime(goods.promoted_until) }} />
              </Tag>
            )}
          </>
        }
      >
        <GoodsStats clicks={goods.clicks} sales={goods.sales} />
        <GoodsActions goods={goods} title={goods.product.title} />
      </ProductCard>
    </div>
  );
}

/** The shop's goods: tabs all / selling / in stock, each an infinite list. */
export function GoodsManager() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [tab, setTab] = useState<GoodsTab>("all");
  return (
    <>
      <div className="goods-tabs">
        <Tabs activeKey={tab} onChange={(key) => setTab(key as GoodsTab)}>
          {TABS.map((item) => (
            <Tabs.Tab key={item.key} title={intl.formatMessage(item.title)} />
          ))}
        </Tabs>
      </div>
      <a className="goods-add" onClick={() => navigate("/distribution")}>
        <FormattedMessage {...m.addProducts} />
      </a>
      <InfiniteList
        key={tab}
        queryKey={catalogKeys.goods(tab)}
        fetchPage={(page, limit, signal) => getGoods(tab, page, limit, signal)}
        itemKey={(goods) => goods.id}
        renderItem={(goods) => <GoodsCard goods={goods} />}
      />
    </>
  );
}
