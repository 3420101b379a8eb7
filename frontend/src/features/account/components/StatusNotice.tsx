import { lazy, Suspense } from "react";
import { FormattedMessage } from "react-intl";
import type { MerchantInfo } from "../api";
import { argumentMessages, myMessages as m } from "./messages";
import "./account.css";

// Only a rejected merchant sees the documents form: its chunk (uploads, the form and its zod schema) is not part of
// the first load of /home and /my for everyone else.
const ResubmitDocuments = lazy(() =>
  import(/* webpackChunkName: "resubmit-documents" */ "./ResubmitDocuments").then((module) => ({
    default: module.ResubmitDocuments,
  })),
);

/** What a merchant who is not active must know: documents under review, rejected with the reason, shop closed. */
export function StatusNotice({ merchant }: { merchant: MerchantInfo }) {
  // The operator's words, as typed (in the merchant's language, the operator was asked).
  const reason = merchant.status_reason ? (
    <span>
      <FormattedMessage {...argumentMessages.reason} values={{ reason: <span translate="no">{merchant.status_reason}</span> }} />
    </span>
  ) : null;
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
        <Suspense fallback={null}>
          <ResubmitDocuments />
        </Suspense>
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
