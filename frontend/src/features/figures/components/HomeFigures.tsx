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
 * server from recorded events. The credit score opens its rules and changes; awaiting pickup opens the Orders screen on its
 * Awaiting pickup tab. Every figure has its info tap (its basis in one line). */
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
        <FigureCell label={m.totalSales} info={m.infoTotalSales}>
          <Money value={data.total_sales} />
        </FigureCell>
        <FigureCell label={m.totalProfit} info={m.infoTotalProfit}>
          <Money value={data.total_profit} />
        </FigureCell>
        <FigureCell label={m.creditScore} info={m.infoCreditScore} onClick={() => {
            setCreditOpened(true);
            setCreditOpen(true);
          }} testId="credit-score">
          <FormattedNumber value={data.credit_score} />
        </FigureCell>
        <FigureCell label={m.todayOrders} info={m.infoTodayOrders}>
          <FormattedNumber value={data.today_orders} />
        </FigureCell>
        <FigureCell label={m.todaySales} info={m.infoTodaySales}>
          <Money value={data.today_sales} />
        </FigureCell>
        <FigureCell label={m.todayProfit} info={m.infoTodayProfit}>
          <Money value={data.today_profit} />
        </FigureCell>
        <FigureCell label={m.visitorsToday} info={m.infoVisitorsToday}>
          <FormattedNumber value={data.visitors_today} />
        </FigureCell>
        <FigureCell label={m.visitorsSeven} info={m.infoVisitorsSeven}>
          <FormattedNumber value={data.visitors_seven} />
        </FigureCell>
        <FigureCell label={m.visitorsThirty} info={m.infoVisitorsThirty}>
          <FormattedNumber value={data.visitors_thirty} />
        </FigureCell>
        <FigureCell label={m.followers} info={m.infoFollowers}>
          <FormattedNumber value={data.followers} />
        </FigureCell>
        <FigureCell label={m.rating} info={m.infoRating} testId="rating">
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
        <FigureCell label={m.awaitingPickup} info={m.infoAwaitingPickup} onClick={() => navigate("/order?tab=5")} testId="awaiting-pickup">
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
