import { FormattedMessage } from "react-intl";
import { useMerInfo } from "../api";
import { devicesMessages as m } from "./devicesMessages";
import "./account.css";

/** While the merchant's money is locked ("This wasn't me"): what is refused and how to unlock. Nothing otherwise. */
export function MoneyLockBanner() {
  const { data: merchant } = useMerInfo();
  if (!merchant?.money_locked_at) return null;
  return (
    <div className="my-notice is-danger" role="alert" data-testid="money-lock-banner">
      <strong>
        <FormattedMessage {...m.lockedTitle} />
      </strong>
      <FormattedMessage {...m.lockedBody} />
    </div>
  );
}
