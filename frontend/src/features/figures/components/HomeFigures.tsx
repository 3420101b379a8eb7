import { lazy, Suspense, useState, type ReactNode } from "react";
import { Skeleton } from "antd-mobile";
import { RightOutline, StarFill } from "antd-mobile-icons";
import { FormattedMessage, FormattedNumber, type MessageDescriptor } from "react-intl";
import { useNavigate } from "react-router-dom";
import { Money } from "@/components/ui/Money";
import { useHomeFigures } from "../api";
import { figureMessages as m } from "./messages";
import "./figures.css";

const CreditScoreSheet = lazy(() => import(/* webpackChunkName: "credit-score" */ "./CreditScoreSheet"));

function Figure({ label, children, onClick, testId }: { label: MessageDescriptor; children: ReactNode; onClick?: () => void; testId?: string }) {
  const body = (
    <>
      <span className="figures-value">{children}</span>
      <span className="figures-label">
        <FormattedMessage {...label} />
        {onClick && <RightOutline className="figures-more" />}
      </span>
    </>
  );
  return onClick ? (
    <button type="button" className="figures-cell figures-cell-link" onClick={onClick} data-testid={testId}>
      {body}
    </button>
  ) : (
    <div className="figures-cell" data-testid={testId}>
      {body}
    </div>
  );
}

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
        <Figure label={m.totalSales}>
          <Money value={data.total_sales} />
        </Figure>
        <Figure label={m.totalProfit}>
          <Money value={data.total_profit} />
        </Figure>
        <Figure label={m.creditScore} onClick={() => {
            setCreditOpened(true);
            setCreditOpen(true);
          }} testId="credit-score">
          <FormattedNumber value={data.credit_score} />
        </Figure>
        <Figure label={m.todayOrders}>
          <FormattedNumber value={data.today_orders} />
        </Figure>
        <Figure label={m.todaySales}>
          <Money value={data.today_sales} />
        </Figure>
        <Figure label={m.todayProfit}>
          <Money value={data.today_profit} />
        </Figure>
        <Figure label={m.visitorsToday}>
          <FormattedNumber value={data.visitors_today} />
        </Figure>
        <Figure label={m.visitorsSeven}>
          <FormattedNumber value={data.visitors_seven} />
        </Figure>
        <Figure label={m.visitorsThirty}>
          <FormattedNumber value={data.visitors_thirty} />
        </Figure>
        <Figure label={m.followers}>
          <FormattedNumber value={data.followers} />
        </Figure>
        <Figure label={m.rating} testId="rating">
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
        </Figure>
        <Figure label={m.awaitingPickup} onClick={() => navigate("/order")}>
          <FormattedNumber value={data.awaiting_pickup} />
        </Figure>
      </div>
      {creditOpened && (
        <Suspense fallback={null}>
          <CreditScoreSheet open={creditOpen} onClose={() => setCreditOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
