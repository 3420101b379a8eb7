import { AppstoreOutline, ShopbagOutline } from "antd-mobile-icons";
import { FormattedMessage } from "react-intl";
import { QueryFallback } from "@/components/ui/QueryState";
import { useNavigate } from "react-router-dom";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { Money } from "@/components/ui/Money";
import { catalogKeys, getHotGoods, useCategories } from "../api";
import { priceMessages, productMessages as m } from "./messages";
import { GoodsStats, ProductThumb } from "./ProductCard";
import "./catalog.css";

/** The two ways on from the Product tab: the distribution center and the shop's goods. */
export function CatalogShortcuts() {
  const navigate = useNavigate();
  return (
    <div className="catalog-shortcuts">
      <div className="catalog-shortcut is-center" role="link" onClick={() => navigate("/distribution")}>
        <AppstoreOutline className="catalog-shortcut-icon" />
        <span className="catalog-shortcut-title">
          <FormattedMessage {...m.centerTitle} />
        </span>
        <span className="catalog-shortcut-hint">
          <FormattedMessage {...m.centerHint} />
        </span>
      </div>
      <div className="catalog-shortcut is-goods" role="link" onClick={() => navigate("/goods")}>
        <ShopbagOutline className="catalog-shortcut-icon" />
        <span className="catalog-shortcut-title">
          <FormattedMessage {...m.goodsTitle} />
        </span>
        <span className="catalog-shortcut-hint">
          <FormattedMessage {...m.goodsHint} />
        </span>
      </div>
    </div>
  );
}

/** The distribution center's categories; a tap opens the center filtered by it. */
export function CategoryGrid() {
  const navigate = useNavigate();
  const categories = useCategories();
  return (
    <>
      <h2 className="catalog-section-title">
        <FormattedMessage {...m.categories} />
      </h2>
      {!categories.data ? (
        <QueryFallback query={categories} lines={3} />
      ) : (
        <div className="catalog-categories">
          {(categories.data ?? []).map((category) => (
            <div
              key={category.id}
              className="catalog-category"
              role="link"
              onClick={() => navigate(`/distribution?category=${category.id}`)}
            >
              <div className="catalog-category-name">{category.name}</div>
              <div className="catalog-category-count">
                <FormattedMessage {...m.categoryCount} values={{ count: category.product_count }} />
              </div>
            </div>
          ))}
        </div>
      )}
    </>
  );
}

/** The shop's best sellers with clicks, price and sales. */
export function BestSellers() {
  const navigate = useNavigate();
  return (
    <>
      <h2 className="catalog-section-title">
        <FormattedMessage {...m.bestSellers} />
      </h2>
      <p className="catalog-section-hint">
        <FormattedMessage {...m.bestSellersHint} />
      </p>
      <InfiniteList
        queryKey={catalogKeys.hot()}
        fetchPage={getHotGoods}
        itemKey={(goods) => goods.id}
        renderItem={(goods) => (
          <div
            className="catalog-card"
            data-testid="hot-goods"
            onClick={() => navigate(`/goodsDetail?id=${goods.product.id}`)}
          >
            <ProductThumb src={goods.product.image} title={goods.product.title} />
            <div className="catalog-card-body">
              <div className="catalog-title" translate="no">{goods.product.title}</div>
              <div className="catalog-price-label" style={{ marginTop: 6 }}>
                <FormattedMessage {...priceMessages.retail} />
              </div>
              <Money className="catalog-price-value" value={goods.product.retail_price} />
              <GoodsStats clicks={goods.clicks} sales={goods.sales} />
            </div>
          </div>
        )}
      />
    </>
  );
}
