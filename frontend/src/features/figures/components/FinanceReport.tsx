import { useState } from "react";
import { List, PullToRefresh, Tabs } from "antd-mobile";
import { useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, FormattedNumber, useIntl, type MessageDescriptor } from "react-intl";
import { QueryState } from "@/components/ui/QueryState";
import { FigureInfo } from "@/components/ui/FigureInfo";
import { Money } from "@/components/ui/Money";
import { useFormat } from "@/lib/money";
import { figureKeys, useFinancialReport, type FinancialReport as Report, type ReportRange } from "../api";
import { formatDay } from "./dates";
import { LazyChart } from "./LazyChart";
import { FigureCell } from "./FigureCell";
import { figureMessages as m } from "./messages";
import "./figures.css";

const RANGES: { key: ReportRange; title: MessageDescriptor }[] = [
  { key: "all", title: m.rangeAll },
  { key: "yesterday", title: m.rangeYesterday },
  { key: "today", title: m.rangeToday },
  { key: "week", title: m.rangeWeek },
  { key: "month", title: m.rangeMonth },
];

function Figures({ report }: { report: Report }) {
  const intl = useIntl();
  const format = useFormat();
  const long = { year: "numeric", month: "short", day: "numeric" } as const;
  const dates = report.profit_by_date.filter((row) => Number(row.profit) !== 0).reverse(); // newest first
  return (
    <>
      <div className="finance-period figures-dotted">
        <span>
          {report.start ? (
            <FormattedMessage
              {...m.period}
              values={{ start: formatDay(report.start, intl.locale, long), end: formatDay(report.end, intl.locale, long) }}
            />
          ) : (
            <FormattedMessage {...m.allListed} />
          )}
        </span>
        <span>
          <FormattedMessage {...m.datesIn} values={{ zone: <span translate="no">{report.time_zone}</span> }} />
        </span>
      </div>
      <div className="figures-grid finance-grid" data-testid="finance-figures">
        <FigureCell label={m.awaitingAmount} info={m.infoAwaitingAmount} className="finance-money">
          <Money value={report.awaiting_amount} />
        </FigureCell>
        <FigureCell label={m.profit} info={m.infoProfit} className="finance-money">
          <Money value={report.total_profit} />
        </FigureCell>
        <FigureCell label={m.totalOrders} info={m.infoTotalOrders} className="finance-count">
          <FormattedNumber value={report.total_orders} />
        </FigureCell>
        <FigureCell label={m.cancelledOrders} info={m.infoCancelledOrders} className="finance-count">
          <FormattedNumber value={report.cancelled_orders} />
        </FigureCell>
        <FigureCell label={m.refundedOrders} info={m.infoRefundedOrders} className="finance-count">
          <FormattedNumber value={report.refunded_orders} />
        </FigureCell>
      </div>
      <h2 className="section-title">
        <FormattedMessage {...m.profitByDate} />
        <FigureInfo label={m.profitByDate} info={m.infoProfitByDate} />
      </h2>
      <LazyChart
        kind="profit"
        points={report.profit_by_date.map((row) => ({ label: formatDay(row.date, intl.locale), value: row.profit }))}
        format={format.money}
        tick={format.moneyShort}
        name={intl.formatMessage(m.profit)}
      />
      <List mode="card" data-testid="profit-by-date">
        {dates.length === 0 && (
          <List.Item>
            <FormattedMessage {...m.noProfit} />
          </List.Item>
        )}
        {dates.map((row) => (
          <List.Item key={row.date} extra={<Money value={row.profit} className={row.profit.startsWith("-") ? "figures-points-down" : undefined} />}>
            {formatDay(row.date, intl.locale, { weekday: "short", month: "short", day: "numeric" })}
          </List.Item>
        ))}
      </List>
    </>
  );
}

/** /finance: a period's awaiting amount, profit, orders sold, cancelled and refunded, and the profit of each date. */
export function FinanceReport() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<ReportRange>("all");
  const query = useFinancialReport(range);
  return (
    <>
      <Tabs activeKey={range} onChange={(key) => setRange(key as ReportRange)} className="finance-tabs">
        {RANGES.map((item) => (
          <Tabs.Tab key={item.key} title={intl.formatMessage(item.title)} />
        ))}
      </Tabs>
      <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: figureKeys.all })}>
        <QueryState query={query} lines={10}>
          {(report) => <Figures report={report} />}
        </QueryState>
      </PullToRefresh>
    </>
  );
}
