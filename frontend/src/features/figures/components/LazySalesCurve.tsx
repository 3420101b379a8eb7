import { lazy, Suspense } from "react";
import { Skeleton } from "antd-mobile";
import { useSeen } from "@/hooks/useSeen";
import "./figures.css";

const SalesCurve = lazy(() => import(/* webpackChunkName: "sales-curve" */ "./SalesCurve"));

/**
 * Home's sales curve, below the fold: its range tabs, chart (recharts, the biggest chunk Home uses) and data are
 * fetched when it comes into view, so Home's first load draws the shop, figures and wallet only.
 */
export function LazySalesCurve() {
  const [ref, seen] = useSeen<HTMLDivElement>();
  const placeholder = <Skeleton animated className="figures-chart-loading" />;
  return (
    <div ref={ref} className="figures-curve-slot">
      {seen ? <Suspense fallback={placeholder}><SalesCurve /></Suspense> : placeholder}
    </div>
  );
}
