import { List, Popup, Skeleton } from "antd-mobile";
import { FormattedMessage, FormattedNumber } from "react-intl";
import { useFormat } from "@/lib/money";
import { useCreditEvents } from "../api";
import { figureMessages as m } from "./messages";
import "./figures.css";

const Points = ({ value }: { value: number }) => (
  <span className={value < 0 ? "figures-points-down" : "figures-points-up"}>
    <FormattedNumber value={value} signDisplay="always" />
  </span>
);

/** The credit score, its published rules and the events that changed it (GET merchant/credit_events). */
export default function CreditScoreSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const format = useFormat();
  const { data } = useCreditEvents(open);
  const recovery = data?.rules.find((rule) => rule.kind === "recovery");
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="figures-sheet" destroyOnClose>
      <div className="figures-sheet-head" data-testid="credit-sheet">
        <span className="figures-sheet-score">{data && <FormattedNumber value={data.score} />}</span>
        <FormattedMessage {...m.creditScore} />
      </div>
      {!data ? (
        <Skeleton.Paragraph lineCount={5} animated />
      ) : (
        <>
          <List header={<FormattedMessage {...m.creditRules} />}>
            {data.rules
              .filter((rule) => rule.kind !== "recovery")
              .map((rule) => (
                <List.Item key={rule.kind} extra={<Points value={rule.points} />}>
                  {rule.kind_label}
                </List.Item>
              ))}
            {recovery && (
              <List.Item extra={<Points value={recovery.points} />}>
                <FormattedMessage
                  {...m.creditRecovery}
                  values={{ days: data.recovery_days, start: data.start, points: recovery.points }}
                />
              </List.Item>
            )}
          </List>
          <List header={<FormattedMessage {...m.creditChanges} />}>
            {data.list.length === 0 ? (
              <List.Item>
                <FormattedMessage {...m.creditNoChanges} />
              </List.Item>
            ) : (
              data.list.map((event, index) => (
                <List.Item
                  key={`${event.created_at}-${index}`}
                  extra={<Points value={event.points} />}
                  description={
                    <span className="figures-dotted">
                      <span>{format.dateTime(event.created_at)}</span>
                      {event.order_number && (
                        <span>
                          <FormattedMessage {...m.orderNumber} values={{ number: <span translate="no">{event.order_number}</span> }} />
                        </span>
                      )}
                      <span>
                        <FormattedMessage {...m.scoreAfter} values={{ score: event.score }} />
                      </span>
                    </span>
                  }
                >
                  {event.kind_label}
                </List.Item>
              ))
            )}
          </List>
        </>
      )}
    </Popup>
  );
}
