import { lazy, Suspense, useState } from "react";
import { Skeleton } from "antd-mobile";
import { RightOutline, StarFill } from "antd-mobile-icons";
import { FormattedMessage, FormattedNumber } from "react-intl";
import { useNavigate } from "react-router-dom";
import { Money } from "@/components/ui/Money";
import { useHomeFigures } from "../api";
import { FigureCell } from "./FigureCell";
import { figureMessages as m } from "./messages";
import "./figures.css";

const CreditScoreSheet = lazy(() => import(/* webpackChunkName: "credit-score" */ "./CreditScoreSheet"));

/** Home's figure grid: sales and profit, today's orders, audience, rating and credit score, all computed on the
 * server from recorded events. The credit score opens its rules and changes; awaiting pickup opens the Order tab. */
export function HomeFigures() {
  const navigate = useNavigate();
  const { data } = useHomeFigures();
  const [creditOpen, setCreditOpen] = useState(false);
  const [creditOpened, setCreditOpened] = useState(false); // the sheet's chunk is fetched on the first tap
  if (!data) return <Skeleton.Paragraph lineCount={6} animated className="figures-loading" />;
  return (
    <section className="figures" data-testid="home-figures">
      {data.unread_messages > 0 && (
        <button type="button" className="figures-unread" onClick={() => navigate("/message")}>
          <FormattedMessage {...m.unread} values={{ count: data.unread_messages }} />
          <RightOutline />
        </button>
      )}
      <div className="figures-grid">
        <FigureCell label={m.totalSales}>
          <Money value={data.total_sales} />
        </FigureCell>
        <FigureCell label={m.totalProfit}>
          <Money value={data.total_profit} />
        </FigureCell>
        <FigureCell label={m.creditScore} onClick={() => {
            setCreditOpened(true);
            setCreditOpen(true);
          }} testId="credit-score">
          <FormattedNumber value={data.credit_score} />
        </FigureCell>
        <FigureCell label={m.todayOrders}>
          <FormattedNumber value={data.today_orders} />
        </FigureCell>
        <FigureCell label={m.todaySales}>
          <Money value={data.today_sales} />
        </FigureCell>
        <FigureCell label={m.todayProfit}>
          <Money value={data.today_profit} />
        </FigureCell>
        <FigureCell label={m.visitorsToday}>
          <FormattedNumber value={data.visitors_today} />
        </FigureCell>
        <FigureCell label={m.visitorsSeven}>
          <FormattedNumber value={data.visitors_seven} />
        </FigureCell>
        <FigureCell label={m.visitorsThirty}>
          <FormattedNumber value={data.visitors_thirty} />
        </FigureCell>
        <FigureCell label={m.followers}>
          <FormattedNumber value={data.followers} />
        </FigureCell>
        <FigureCell label={m.rating} testId="rating">
          {data.rating === null ? (
            <span className="figures-none">
              <FormattedMessage {...m.noRating} />
            </span>
          ) : (
            <>
              <FormattedNumber value={Number(data.rating)} minimumFractionDigits={1} maximumFractionDigits={2} />
              <StarFill className="figures-star" />
            </>
          )}
        </FigureCell>
        <FigureCell label={m.awaitingPickup} onClick={() => navigate("/order")}>
          <FormattedNumber value={data.awaiting_pickup} />
        </FigureCell>
      </div>
      {creditOpened && (
        <Suspense fallback={null}>
          <CreditScoreSheet open={creditOpen} onClose={() => setCreditOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
