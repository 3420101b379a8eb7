import { lazy, Suspense } from "react";
import { Skeleton } from "antd-mobile";
import type { ChartPoint } from "./charts";
import "./figures.css";

const SalesChart = lazy(() => import(/* webpackChunkName: "charts" */ "./charts").then((m) => ({ default: m.SalesChart })));
const ProfitChart = lazy(() => import(/* webpackChunkName: "charts" */ "./charts").then((m) => ({ default: m.ProfitChart })));

type Props = {
  kind: "sales" | "profit";
  points: ChartPoint[];
  format: (value: string) => string;
  tick: (value: string) => string;
  name: string;
};

/** A chart from the lazily loaded charts chunk, with a placeholder of its height while it loads. */
export function LazyChart({ kind, ...props }: Props) {
  const Chart = kind === "sales" ? SalesChart : ProfitChart;
  return (
    <div className="figures-chart" data-testid={`${kind}-chart`}>
      <Suspense fallback={<Skeleton animated className="figures-chart-loading" />}>
        <Chart {...props} />
      </Suspense>
    </div>
  );
}
