import { useState } from "react";
import { CapsuleTabs, Skeleton } from "antd-mobile";
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { FigureInfo } from "@/components/ui/FigureInfo";
import { LoadFailed } from "@/components/ui/LoadFailed";
import { useFormat } from "@/lib/money";
import { useSalesCurve, type CurveRange } from "../api";
import { formatDay, formatHour } from "./dates";
import { LazyChart } from "./LazyChart";
import { figureMessages as m } from "./messages";
import "./figures.css";

const RANGES: { key: CurveRange; title: MessageDescriptor }[] = [
  { key: "today", title: m.curveToday },
  { key: "seven", title: m.curveSeven },
  { key: "thirty", title: m.curveThirty },
];

/** Home's sales curve: today by hour, or the last 7 or 30 days by day, every point present. */
export default function SalesCurve() {
  const intl = useIntl();
  const format = useFormat();
  const [range, setRange] = useState<CurveRange>("today");
  const query = useSalesCurve(range);
  const { data } = query;
  // Each point is written as the range it was read for says (hours of today, or dates), never as the tab chosen since.
  const points = (data?.points ?? []).map((point) => ({
    label: data?.range === "today" ? formatHour(point.at, intl.locale, data.time_zone) : formatDay(point.at, intl.locale),
    value: point.sales,
    detail: intl.formatMessage(m.labelValue, { label: intl.formatMessage(m.orders), value: intl.formatNumber(point.orders) }),
  }));
  return (
    <section className="figures-curve" data-testid="sales-curve">
      <h2 className="section-title">
        <FormattedMessage {...m.salesCurve} />
        <FigureInfo label={m.salesCurve} info={m.infoSalesCurve} />
      </h2>
      <CapsuleTabs activeKey={range} onChange={(key) => setRange(key as CurveRange)}>
        {RANGES.map((item) => (
          <CapsuleTabs.Tab key={item.key} title={intl.formatMessage(item.title)} />
        ))}
      </CapsuleTabs>
      {data ? (
        <LazyChart kind="sales" points={points} format={format.money}
        tick={format.moneyShort} name={intl.formatMessage(m.sales)} />
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Skeleton animated className="figures-chart-loading" />
      )}
    </section>
  );
}
