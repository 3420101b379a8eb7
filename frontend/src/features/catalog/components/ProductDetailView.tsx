import { Button, Image, Swiper, Tag } from "antd-mobile";
import { PictureOutline } from "antd-mobile-icons";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "@/components/ui/EmptyState";
import { QueryFallback } from "@/components/ui/QueryState";
import { ApiError } from "@/lib/api";
import { useFormat } from "@/lib/money";
import { useProductDetail, type ProductDetail } from "../api";
import { useDistributeAction } from "../hooks/useDistributeAction";
import { GoodsActions } from "./GoodsManager";
import { detailMessages as m, goodsMessages, priceMessages } from "./messages";
import { GoodsStats, PriceGrid } from "./ProductCard";
import "./catalog.css";

function Pictures({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  if (product.images.length === 0) {
    return (
      <div className="detail-swiper" style={{ display: "flex", justifyContent: "center", padding: 48 }}>
        <PictureOutline fontSize={64} color="#c5c8ce" aria-label={intl.formatMessage(priceMessages.noImage)} />
      </div>
    );
  }
  return (
    <Swiper
      className="detail-swiper"
      loop={product.images.length > 1}
      indicator={product.images.length > 1 ? undefined : () => null}
    >
      {product.images.map((image, index) => (
        <Swiper.Item key={image.url ?? index}>
          <Image src={image.url ?? undefined} alt={product.title} fit="cover" />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}

function ShopListing({ product }: { product: ProductDetail }) {
  const format = useFormat();
  const distribute = useDistributeAction();
  const goods = product.goods;
  if (!goods) {
    return (
      <div className="detail-card">
        <div className="detail-card-title">
          <FormattedMessage {...m.inShop} />
        </div>
        <p className="detail-meta">
          <FormattedMessage {...m.notInShop} />
        </p>
        <Button
          block
          color="primary"
          loading={distribute.isPending}
          onClick={() => distribute.run({ kind: "chosen", ids: [product.id] })}
        >
          <FormattedMessage {...m.distribute} />
        </Button>
      </div>
    );
  }
  return (
    <div className="detail-card">
      <div className="detail-card-title">
        <FormattedMessage {...m.inShop} />
      </div>
      <div className="detail-row">
        <span>
          <FormattedMessage {...m.status} />
        </span>
        <Tag color={goods.on_shelf ? "success" : "default"} fill="outline">
          <FormattedMessage {...(goods.on_shelf ? goodsMessages.tabSelling : goodsMessages.tabStock)} />
        </Tag>
      </div>
      <div className="detail-row">
        <span>
          <FormattedMessage {...m.addedAt} />
        </span>
        <span>{format.dateTime(goods.created_at)}</span>
      </div>
      <GoodsStats clicks={goods.clicks} sales={goods.sales} />
      <GoodsActions goods={goods} title={product.title} />
    </div>
  );
}

/** One product: pictures, title, the merchant's prices, the shop listing (or a way to distribute), description. */
export function ProductDetailView({ id }: { id: number }) {
  const detail = useProductDetail(id);
  // No such product (or not the merchant's): nothing to show. Any other failure: why, and a retry.
  if (!(id > 0) || (detail.error instanceof ApiError && detail.error.status === 404)) return <EmptyState />;
  if (!detail.data) return <QueryFallback query={detail} />;
  const product = detail.data;
  return (
    <div>
      <Pictures product={product} />
      <div className="detail-card" style={{ marginTop: 0 }}>
        <h1 className="detail-title" translate="no">{product.title}</h1>
        <div className="catalog-tags">
          {product.is_hot && (
            <Tag color="danger" fill="outline">
              <FormattedMessage {...priceMessages.hot} />
            </Tag>
          )}
          <Tag fill="outline">{product.category_name}</Tag>
        </div>
        <PriceGrid product={product} />
        <div className="detail-meta" style={{ marginTop: 8 }}>
          <FormattedMessage {...priceMessages.stock} values={{ count: product.stock }} />
        </div>
      </div>
      <ShopListing product={product} />
      <div className="detail-card">
        <div className="detail-card-title">
          <FormattedMessage {...m.description} />
        </div>
        <div className="detail-description">
          {product.description || <FormattedMessage {...m.noDescription} />}
        </div>
      </div>
    </div>
  );
}
