import { FormattedMessage, useIntl } from "react-intl";
import type { MerchantInfo } from "../api";
import { argumentMessages, myMessages as m } from "./messages";
import { ResubmitDocuments } from "./ResubmitDocuments";
import "./account.css";

/** What a merchant who is not active must know: documents under review, rejected with the reason, shop closed. */
export function StatusNotice({ merchant }: { merchant: MerchantInfo }) {
  const intl = useIntl();
  const reason = merchant.status_reason ? intl.formatMessage(argumentMessages.reason, { reason: merchant.status_reason }) : null;
  if (merchant.status === "pending")
    return (
      <div className="my-notice" role="status">
        <strong>
          <FormattedMessage {...m.pendingTitle} />
        </strong>
        <FormattedMessage {...m.pendingBody} />
      </div>
    );
  if (merchant.status === "rejected")
    return (
      <div className="my-notice is-danger" role="status">
        <strong>
          <FormattedMessage {...m.rejectedTitle} />
        </strong>
        {reason}
        <ResubmitDocuments />
      </div>
    );
  if (merchant.status === "closed")
    return (
      <div className="my-notice is-danger" role="status">
        <strong>
          <FormattedMessage {...m.closed} />
        </strong>
        {reason}
      </div>
    );
  return null;
}
