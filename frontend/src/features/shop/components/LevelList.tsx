import type { ComponentType } from "react";
import { Image, Tag } from "antd-mobile";
import { StarFill } from "antd-mobile-icons";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "@/components/ui/EmptyState";
import { QueryFallback } from "@/components/ui/QueryState";
import { Money } from "@/components/ui/Money";
import { useFormat } from "@/lib/money";
import { useLevels, type Level } from "../api";
import { levelMessages as m } from "./messages";
import "./shop.css";

/** What a level card hands to the upgrade action slot (the wallet's upgrade button, composed by the screen). */
export type LevelActionProps = { level: Level; current: Level | undefined };

const ZERO = /^0+(\.0+)?$/;

function LevelCard({ level, current, Action }: LevelActionProps & { Action: ComponentType<LevelActionProps> }) {
  const intl = useIntl();
  const format = useFormat();
  const percent = (margin: string) => intl.formatNumber(Number(margin), { style: "percent", maximumFractionDigits: 2 });
  return (
    <div className={`level-card${level.is_current ? " is-current" : ""}`} data-testid={`level-card-${level.rank}`}>
      <div className="level-card-head">
        <Image
          className="level-card-image"
          src={level.image ?? undefined}
          alt={level.name}
          fit="cover"
          fallback={<StarFill fontSize={32} color="#f5a623" />}
        />
        <div className="level-card-name">{level.name}</div>
        {level.is_current && (
          <Tag color="primary">
            <FormattedMessage {...m.current} />
          </Tag>
        )}
      </div>
      <div className="level-terms">
        <div>
          <div className="level-term-label">
            <FormattedMessage {...m.margin} />
          </div>
          <span className="level-term-value">
            {percent(level.profit_margin)}
          </span>
        </div>
        <div>
          <div className="level-term-label">
            <FormattedMessage {...m.quantity} />
          </div>
          <span className="level-term-value">
            <FormattedMessage {...m.quantityValue} values={{ count: level.product_quantity }} />
          </span>
        </div>
        <div>
          <div className="level-term-label">
            <FormattedMessage {...m.price} />
          </div>
          {ZERO.test(level.upgrade_price) ? (
            <span className="level-term-value">
              <FormattedMessage {...m.free} />
            </span>
          ) : (
            <Money className="level-term-value" value={level.upgrade_price} />
          )}
        </div>
      </div>
      {level.upcoming && (
        <div className="level-upcoming" data-testid={`level-upcoming-${level.rank}`}>
          <FormattedMessage
            {...m.upcoming}
            values={{
              date: format.dateTime(level.upcoming.effective_from),
              margin: percent(level.upcoming.profit_margin),
              count: level.upcoming.product_quantity,
              price: format.money(level.upcoming.upgrade_price),
            }}
          />
          {level.is_current && (
            <>
              {" "}
              <FormattedMessage {...m.upcomingKeep} />
            </>
          )}
          {level.upgrade_cost !== null && (
            <>
              {" "}
              <FormattedMessage {...m.upcomingBuyNow} />
            </>
          )}
        </div>
      )}
      {/* The upgrade action slot: the screen passes the wallet's upgrade button here. */}
      <div className="level-action">
        <Action level={level} current={current} />
      </div>
    </div>
  );
}

/** /level: every level with name, image, profit margin, product quantity, upgrade price; the current one marked. */
export function LevelList({ action }: { action: ComponentType<LevelActionProps> }) {
  const levels = useLevels();
  if (!levels.data) return <QueryFallback query={levels} />;
  const list = levels.data.list;
  if (list.length === 0) return <EmptyState />;
  const current = list.find((level) => level.is_current);
  return (
    <>
      <p className="shop-intro">
        <FormattedMessage {...m.intro} />
      </p>
      {list.map((level) => (
        <LevelCard key={level.id} level={level} current={current} Action={action} />
      ))}
    </>
  );
}
