import { type ReactNode, useState } from "react";
import { Button, Image, List } from "antd-mobile";
import { PictureOutline } from "antd-mobile-icons";
import { useQuery } from "@tanstack/react-query";
import { FormattedMessage, type MessageDescriptor } from "react-intl";
import { useNavigate } from "react-router-dom";
import { QueryState } from "@/components/ui/QueryState";
import { Money } from "@/components/ui/Money";
import { useFormat } from "@/lib/money";
import { merInfoQueryOptions } from "@/lib/merchant";
import { useTrain, type Package, type RunningPromotion } from "../api";
import { Duration } from "./Duration";
import { GoodsPicker } from "./GoodsPicker";
import { promotionMessages as m } from "./messages";
import "./promotion.css";

/** One of a package's terms (price, products, duration): its label above its value. */
function Term({ label, children }: { label: MessageDescriptor; children: ReactNode }) {
  return (
    <div>
      <div className="promotion-term-label">
        <FormattedMessage {...label} />
      </div>
      <span className="promotion-term-value">{children}</span>
    </div>
  );
}

function PackageCard({ pkg, onBuy }: { pkg: Package; onBuy: () => void }) {
  return (
    <div className="promotion-card" data-testid="promotion-package">
      <div className="promotion-card-name">{pkg.name}</div>
      {pkg.description && <div className="promotion-card-description">{pkg.description}</div>}
      <div className="promotion-terms">
        <Term label={m.price}>
          <Money value={pkg.price} />
        </Term>
        <Term label={m.products}>
          <FormattedMessage {...m.productCount} values={{ count: pkg.product_quantity }} />
        </Term>
        <Term label={m.duration}>
          <Duration hours={pkg.duration_hours} />
        </Term>
      </div>
      <Button block color="primary" size="middle" onClick={onBuy} data-testid={`promotion-buy-${pkg.id}`}>
        <FormattedMessage {...m.buy} />
      </Button>
    </div>
  );
}

function RunningCard({ promotion }: { promotion: RunningPromotion }) {
  const format = useFormat();
  const clicks = promotion.goods.reduce((sum, item) => sum + item.clicks, 0);
  const orders = promotion.goods.reduce((sum, item) => sum + item.orders, 0);
  return (
    <div className="promotion-card" data-testid="promotion-running">
      <div className="promotion-running-head">
        <span className="promotion-card-name">{promotion.name}</span>
        <span className="promotion-running-end">
          <FormattedMessage {...m.endsAt} /> {format.dateTime(promotion.ends_at)}
        </span>
      </div>
      <div className="promotion-running-results" data-testid="promotion-results">
        <FormattedMessage {...m.soFar} values={{ clicks, orders }} />
      </div>
      {promotion.goods.map((item, index) => (
        <div className="promotion-running-goods" key={item.goods_id ?? `gone-${index}`}>
          <Image
            className="promotion-thumb"
            src={item.image ?? undefined}
            alt=""
            fit="cover"
            fallback={<PictureOutline fontSize={24} color="#c5c8ce" />}
          />
          <div className="promotion-option-text">
            <div className="promotion-option-title">{item.title}</div>
            <div className="promotion-running-item-results">
              <FormattedMessage {...m.results} values={{ clicks: item.clicks, orders: item.orders }} />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** /storeExpress: the honest notice, the balance, the link to the purchase records, the running promotions first
 * (their end, and the clicks and orders they brought so far), then the packages (price, products, duration), choosing
 * goods and paying with the payment password. */
export function StoreExpress() {
  const navigate = useNavigate();
  const train = useTrain();
  const balance = useQuery({ ...merInfoQueryOptions(), select: (info) => info.balance });
  const [buying, setBuying] = useState<Package | null>(null);
  return (
    <div className="promotion">
      <div className="promotion-disclosure" data-testid="promotion-disclosure">
        <div className="promotion-disclosure-title">
          <FormattedMessage {...m.disclosureTitle} />
        </div>
        <FormattedMessage {...m.disclosure} />
      </div>
      <List className="promotion-links">
        <List.Item extra={<Money value={balance.data} />}>
          <FormattedMessage {...m.balance} />
        </List.Item>
        <List.Item arrow onClick={() => navigate("/buyTrainBill")} data-testid="promotion-records">
          <FormattedMessage {...m.records} />
        </List.Item>
      </List>
      <QueryState query={train}>
        {(data) => (
          <>
            <h3 className="promotion-section">
              <FormattedMessage {...m.running} />
            </h3>
            {data.promotions.length === 0 ? (
              <p className="promotion-empty">
                <FormattedMessage {...m.noRunning} />
              </p>
            ) : (
              data.promotions.map((promotion) => <RunningCard key={promotion.id} promotion={promotion} />)
            )}
            <h3 className="promotion-section">
              <FormattedMessage {...m.packages} />
            </h3>
            {data.packages.length === 0 ? (
              <p className="promotion-empty">
                <FormattedMessage {...m.noPackages} />
              </p>
            ) : (
              data.packages.map((pkg) => <PackageCard key={pkg.id} pkg={pkg} onBuy={() => setBuying(pkg)} />)
            )}
          </>
        )}
      </QueryState>
      {buying && <GoodsPicker pkg={buying} onClose={() => setBuying(null)} />}
    </div>
  );
}
