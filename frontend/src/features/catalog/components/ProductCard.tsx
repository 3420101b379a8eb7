import type { ReactNode } from "react";
import { Image, Tag } from "antd-mobile";
import { PictureOutline } from "antd-mobile-icons";
import { FormattedMessage, useIntl } from "react-intl";
import { Money } from "@/components/ui/Money";
import type { ProductCard as Product } from "../api";
import { priceMessages as m } from "./messages";
import "./catalog.css";

/** Retail price, the merchant's purchase price and profit, as the server computed them. */
export function PriceGrid({ product }: { product: Pick<Product, "retail_price" | "purchase_price" | "profit"> }) {
  return (
    <div className="catalog-prices">
      <div>
        <div className="catalog-price-label">
          <FormattedMessage {...m.retail} />
        </div>
        <Money className="catalog-price-value" value={product.retail_price} />
      </div>
      <div>
        <div className="catalog-price-label">
          <FormattedMessage {...m.purchase} />
        </div>
        <Money className="catalog-price-value is-purchase" value={product.purchase_price} />
      </div>
      <div>
        <div className="catalog-price-label">
          <FormattedMessage {...m.profit} />
        </div>
        <Money className="catalog-price-value is-profit" value={product.profit} />
      </div>
    </div>
  );
}

export function ProductThumb({ src, title }: { src: string | null; title: string }) {
  const intl = useIntl();
  return (
    <Image
      className="catalog-thumb"
      src={src ?? undefined}
      alt={title || intl.formatMessage(m.noImage)}
      fit="cover"
      fallback={<PictureOutline fontSize={32} color="#c5c8ce" />}
    />
  );
}

/** Clicks and sales of a listing (counted from storefront events and orders). */
export function GoodsStats({ clicks, sales }: { clicks: number; sales: number }) {
  return (
    <div className="catalog-stats">
      <span>
        <FormattedMessage {...m.clicks} />
        <b>{clicks}</b>
      </span>
      <span>
        <FormattedMessage {...m.sales} />
        <b>{sales}</b>
      </span>
    </div>
  );
}

type Props = {
  product: Product;
  /** Tags after the hot tag (e.g. "Added", the listing's status). */
  tags?: ReactNode;
  /** Under the prices (stats, actions). */
  children?: ReactNode;
};

/** A product card: picture, title, tags, and the three prices. */
export function ProductCard({ product, tags, children }: Props) {
  return (
    <div className="catalog-card">
      <ProductThumb src={product.image} title={product.title} />
      <div className="catalog-card-body">
        <div className="catalog-title" translate="no">{product.title}</div>
        {(product.is_hot || tags) && (
          <div className="catalog-tags">
            {product.is_hot && (
              <Tag color="danger" fill="outline">
                <FormattedMessage {...m.hot} />
              </Tag>
            )}
            {tags}
          </div>
        )}
        <PriceGrid product={product} />
        {children}
      </div>
    </div>
  );
}
