import { lazy, Suspense } from "react";
import { Skeleton } from "antd-mobile";

const SalesCurve = lazy(() => import(/* webpackChunkName: "sales-curve" */ "./SalesCurve"));

/** Home's sales curve, with its range tabs and chart, in chunks of its own: Home draws its figures first. */
export function LazySalesCurve() {
  return (
    <Suspense fallback={<Skeleton animated className="figures-chart-loading" />}>
      <SalesCurve />
    </Suspense>
  );
}
