import { useState } from "react";
import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { Button, CapsuleTabs, Checkbox, Dialog, SearchBar, Tag } from "antd-mobile";
import { FireFill } from "antd-mobile-icons";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router-dom";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { useConfirm } from "@/components/ui/confirm";
import { toast } from "@/lib/toast";
import { catalogKeys, getCenterProducts, useCategories, type CenterPage, type CenterProduct } from "../api";
import { useCenterFilter } from "../hooks/useCenterFilter";
import { useDistributeAction } from "../hooks/useDistributeAction";
import { distributionMessages as m } from "./messages";
import { ProductCard } from "./ProductCard";
import "./catalog.css";

const ALL = "all";

/** The distribution center: search, category filter, choose products, distribute, distribute all, hot one-click. */
export function DistributionCenter() {
  const intl = useIntl();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const { filter, update } = useCenterFilter();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const action = useDistributeAction(() => setChosen(new Set()));
  const listKey = catalogKeys.center(filter);

  const toggle = (product: CenterProduct) => {
    if (product.added) return;
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(product.id)) next.delete(product.id);
      else next.add(product.id);
      return next;
    });
  };

  const distributeChosen = () => {
    if (chosen.size === 0) {
      toast.info(intl.formatMessage(m.selectProduct));
      return;
    }
    action.run({ kind: "chosen", ids: [...chosen] });
  };

  /** The list's first page: its total and the shop's room (goods_count of the level's product_quantity). */
  const firstPage = () => queryClient.getQueryData<InfiniteData<CenterPage>>(listKey)?.pages[0];

  /** At its level's limit the shop can take nothing more: say so and offer the upgrade instead of a confirm. */
  const shopFull = (page: CenterPage | undefined) => {
    if (!page || page.goods_count < page.product_quantity) return false;
    Dialog.show({
      content: intl.formatMessage(m.shopFull, { count: page.goods_count }),
      closeOnAction: true,
      actions: [
        [
          { key: "close", text: intl.formatMessage(m.close) },
          { key: "upgrade", text: intl.formatMessage(m.upgrade), bold: true, onClick: () => navigate("/level") },
        ],
      ],
    });
    return true;
  };

  const distributeAll = async () => {
    const page = firstPage();
    if (shopFull(page)) return;
    const total = page?.total ?? 0;
    const room = page ? page.product_quantity - page.goods_count : total;
    const asked = room < total ? confirm(m.confirmAllRoom, { count: total, room }) : confirm(m.confirmAll, { count: total });
    if (await asked) action.run({ kind: "filter", filter });
  };

  const distributeHot = async () => {
    if (shopFull(firstPage())) return;
    if (await confirm(m.confirmHot)) action.run({ kind: "hot" });
  };

  return (
    <div className="distribution">
      <div className="distribution-filter">
        <SearchBar
          key={filter.keyword ?? ""}
          defaultValue={filter.keyword ?? ""}
          placeholder={intl.formatMessage(m.search)}
          onSearch={(keyword) => update({ keyword: keyword.trim() || undefined })}
          onClear={() => update({ keyword: undefined })}
        />
        <CapsuleTabs
          activeKey={filter.category ? String(filter.category) : ALL}
          onChange={(key) => update({ category: key === ALL ? undefined : Number(key) })}
        >
          <CapsuleTabs.Tab key={ALL} title={intl.formatMessage(m.allCategories)} />
          {(categories.data ?? []).map((category) => (
            <CapsuleTabs.Tab key={String(category.id)} title={category.name} />
          ))}
        </CapsuleTabs>
      </div>
      <div className="distribution-actions">
        <Button color="danger" fill="outline" size="small" loading={action.isPending} onClick={() => void distributeHot()}>
          <FireFill /> <FormattedMessage {...m.hot} />
        </Button>
        <Button color="primary" fill="outline" size="small" loading={action.isPending} onClick={() => void distributeAll()}>
          <FormattedMessage {...m.all} />
        </Button>
      </div>
      <InfiniteList
        key={JSON.stringify(filter)}
        queryKey={listKey}
        fetchPage={(page, limit, signal) => getCenterProducts(filter, page, limit, signal)}
        itemKey={(product) => product.id}
        renderItem={(product) => (
          <div className="distribution-row" data-testid="center-product" onClick={() => toggle(product)}>
            <Checkbox
              checked={product.added || chosen.has(product.id)}
              disabled={product.added}
            >
              {/* The box's name (a label element takes no aria-label); the title is shown by the card beside it. */}
              <span className="visually-hidden" translate="no">
                {product.title}
              </span>
            </Checkbox>
            <ProductCard
              product={product}
              tags={
                product.added && (
                  <Tag color="success">
                    <FormattedMessage {...m.added} />
                  </Tag>
                )
              }
            >
              <a
                className="distribution-details"
                onClick={(event) => {
                  event.stopPropagation();
                  navigate(`/goodsDetail?id=${product.id}`);
                }}
              >
                <FormattedMessage {...m.details} />
              </a>
            </ProductCard>
          </div>
        )}
      />
      <div className="distribution-bar">
        <div className="distribution-bar-count">
          <FormattedMessage {...m.selected} values={{ count: chosen.size }} />
        </div>
        {chosen.size > 0 && (
          <Button size="small" fill="none" onClick={() => setChosen(new Set())}>
            <FormattedMessage {...m.clear} />
          </Button>
        )}
        <Button color="primary" loading={action.isPending} onClick={distributeChosen}>
          <FormattedMessage {...m.distribute} />
        </Button>
      </div>
    </div>
  );
}
