import { useState } from "react";
import { Button, Checkbox, Image, Popup } from "antd-mobile";
import { PictureOutline } from "antd-mobile-icons";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router-dom";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { PayPasswordPopup } from "@/components/ui/PayPasswordPopup";
import { useFormat } from "@/lib/money";
import { toast } from "@/lib/toast";
import { getSellingGoods, promotionKeys, useBuyTrain, type Package, type SellingGoods } from "../api";
import { promotionMessages as m } from "./messages";
import "./promotion.css";

type Props = { pkg: Package; onClose: () => void };

type OptionProps = { goods: SellingGoods; checked: boolean; disabled: boolean; onToggle: () => void; onFull: () => void };

/** One on-shelf product. A tap past the package's number (`disabled`) says why it is not chosen (`onFull`). */
function GoodsOption({ goods, checked, disabled, onToggle, onFull }: OptionProps) {
  const format = useFormat();
  const promoted = goods.is_promoted;
  const tap = () => {
    if (promoted) return; // its note under the title says until when
    if (disabled && !checked) onFull();
    else onToggle();
  };
  return (
    <div
      className={`promotion-option${promoted || disabled ? " is-disabled" : ""}`}
      data-testid="promotion-option"
      onClick={tap}
    >
      <Checkbox checked={checked} disabled={promoted || (disabled && !checked)} />
      <Image
        className="promotion-thumb"
        src={goods.product.image ?? undefined}
        alt=""
        fit="cover"
        fallback={<PictureOutline fontSize={24} color="#c5c8ce" />}
      />
      <div className="promotion-option-text">
        <div className="promotion-option-title">{goods.product.title}</div>
        {promoted && goods.promoted_until && (
          <div className="promotion-option-note">
            <FormattedMessage {...m.promotedUntil} values={{ time: format.dateTime(goods.promoted_until) }} />
          </div>
        )}
      </div>
    </div>
  );
}

/** The sheet to choose up to the package's number of on-shelf products, then pay it with the payment password. */
export function GoodsPicker({ pkg, onClose }: Props) {
  const intl = useIntl();
  const format = useFormat();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<number[]>([]);
  const [asking, setAsking] = useState(false);
  const buy = useBuyTrain();
  const amount = format.money(pkg.price);
  const full = chosen.length >= pkg.product_quantity;
  const toggle = (id: number) => setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const pay = (payPassword: string) =>
    buy.mutateAsync(
      { package_id: pkg.id, goods_ids: chosen, pay_password: payPassword },
      {
        onSuccess: ({ msg }) => {
          setAsking(false);
          toast.success(msg);
          onClose();
        },
      },
    );

  return (
    <Popup visible onMaskClick={onClose} bodyClassName="promotion-picker" destroyOnClose>
      <div className="promotion-picker-head">
        <div className="promotion-picker-title" data-testid="promotion-picker-title">
          <FormattedMessage {...m.chooseTitle} values={{ count: pkg.product_quantity }} />
        </div>
        <div className="promotion-picker-sub">
          <span>{pkg.name}</span>
          <span data-testid="promotion-chosen">
            <FormattedMessage {...m.chosen} values={{ chosen: chosen.length, count: pkg.product_quantity }} />
          </span>
        </div>
        <div className="promotion-picker-hint">
          <FormattedMessage {...m.onlySelling} />
          <a role="button" className="promotion-picker-link" onClick={() => navigate("/goods")}>
            <FormattedMessage {...m.toGoods} />
          </a>
        </div>
      </div>
      {/* It scrolls on its own: the keyboard reaches it (WCAG 2.1.1). */}
      <div className="promotion-picker-body" tabIndex={0}>
        <InfiniteList
          queryKey={promotionKeys.goods()}
          fetchPage={(page, limit, signal) => getSellingGoods(page, limit, signal)}
          itemKey={(goods) => goods.id}
          renderItem={(goods) => (
            <GoodsOption
              goods={goods}
              checked={chosen.includes(goods.id)}
              disabled={full}
              onToggle={() => toggle(goods.id)}
              onFull={() => toast.info(intl.formatMessage(m.limitReached, { count: pkg.product_quantity }))}
            />
          )}
        />
      </div>
      <div className="promotion-picker-foot">
        <Button fill="outline" onClick={onClose}>
          <FormattedMessage {...m.cancel} />
        </Button>
        <Button
          color="primary"
          disabled={chosen.length === 0}
          loading={buy.isPending}
          onClick={() => setAsking(true)}
          data-testid="promotion-pay"
        >
          <FormattedMessage {...m.pay} values={{ amount }} />
        </Button>
      </div>
      <PayPasswordPopup
        visible={asking}
        action={<FormattedMessage {...m.payAction} values={{ name: pkg.name }} />}
        amount={amount}
        onClose={() => setAsking(false)}
        onSubmit={pay}
      />
    </Popup>
  );
}
