import { FormattedMessage } from "react-intl";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { Money } from "@/components/ui/Money";
import { useFormat } from "@/lib/money";
import { getTrainBill, promotionKeys, type Purchase } from "../api";
import { Duration } from "./Duration";
import { promotionMessages as m } from "./messages";
import "./promotion.css";

function PurchaseItem({ purchase }: { purchase: Purchase }) {
  const format = useFormat();
  return (
    <div className="promotion-record" data-testid="promotion-record">
      <div className="promotion-kv">
        <span>
          <FormattedMessage {...m.type} />
        </span>
        <span className="promotion-record-type">{purchase.type}</span>
      </div>
      <div className="promotion-kv">
        <span>
          <FormattedMessage {...m.time} />
        </span>
        <span>{format.dateTime(purchase.created_at)}</span>
      </div>
      <div className="promotion-kv">
        <span>
          <FormattedMessage {...m.amount} />
        </span>
        <Money className="promotion-record-amount" value={purchase.amount} />
      </div>
      <div className="promotion-record-terms">
        <span>
          <FormattedMessage {...m.productCount} values={{ count: purchase.product_count }} />
        </span>
        <span>
          <Duration hours={purchase.duration_hours} />
        </span>
      </div>
    </div>
  );
}

/** /buyTrainBill: the promotion purchases, newest first: type (the package), time, amount. */
export function PurchaseRecords() {
  return (
    <InfiniteList
      queryKey={promotionKeys.bill()}
      fetchPage={(page, limit, signal) => getTrainBill(page, limit, signal)}
      itemKey={(purchase) => purchase.id}
      renderItem={(purchase) => <PurchaseItem purchase={purchase} />}
    />
  );
}
