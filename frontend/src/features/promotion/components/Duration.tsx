import { FormattedMessage } from "react-intl";
import { promotionMessages as m } from "./messages";

/** A package's duration: whole days when it is a number of days ("7 days"), else hours ("36 hours"). */
export function Duration({ hours }: { hours: number }) {
  return hours % 24 === 0 ? (
    <FormattedMessage {...m.days} values={{ count: hours / 24 }} />
  ) : (
    <FormattedMessage {...m.hours} values={{ count: hours }} />
  );
}
