import { Button, Dialog, Tag } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { Money } from "@/components/ui/Money";
import { useFormat } from "@/lib/money";
import { toast } from "@/lib/toast";
import { getExtractLog, useCancelWithdrawal, walletKeys, type Withdrawal } from "../api";
import { KeyValue } from "./KeyValue";
import { StatusTag } from "./StatusTag";
import { walletMessages as m } from "./messages";
import "./wallet.css";

const IN_REVIEW = 0;

/** "Cancel withdrawal" on a withdrawal in review: asked first; its amount goes back to the balance (no payment
 * password: nothing leaves the balance). A refusal (decided meanwhile) is toasted by the query client. */
function CancelButton({ withdrawal }: { withdrawal: Withdrawal }) {
  const intl = useIntl();
  const format = useFormat();
  const cancelling = useCancelWithdrawal();
  const ask = async () => {
    const confirmed = await Dialog.confirm({
      content: (
        <span data-testid="cancel-withdrawal-confirm">
          {intl.formatMessage(m.cancelConfirm, { number: withdrawal.number, amount: format.money(withdrawal.amount) })}
        </span>
      ),
      confirmText: (
        <span className="dialog-danger" data-testid="confirm-danger">
          {intl.formatMessage(m.cancelWithdrawal)}
        </span>
      ),
      cancelText: intl.formatMessage(m.keepWithdrawal),
    });
    if (confirmed)
      cancelling.mutate(withdrawal.id, { onSuccess: ({ msg }) => toast.success(msg) });
  };
  return (
    <Button
      size="small"
      color="danger"
      fill="outline"
      loading={cancelling.isPending}
      data-testid="cancel-withdrawal"
      onClick={() => void ask()}
    >
      <FormattedMessage {...m.cancelWithdrawal} />
    </Button>
  );
}

function WithdrawalItem({ withdrawal }: { withdrawal: Withdrawal }) {
  const format = useFormat();
  return (
    <div className="wallet-record" data-testid="withdrawal-record">
      <div className="wallet-record-head">
        <span className="wallet-record-title">
          {withdrawal.method_label}
          <span className="wallet-dot">{withdrawal.network ?? withdrawal.currency}</span>
        </span>
        <span className="wallet-record-tags">
          {withdrawal.overdue && (
            <Tag color="danger" data-testid="withdrawal-overdue">
              <FormattedMessage {...m.overdue} />
            </Tag>
          )}
          <StatusTag status={withdrawal.status} label={withdrawal.status_label} />
        </span>
      </div>
      <KeyValue label={<FormattedMessage {...m.withdrawalNumber} />}>
        <span className="wallet-record-number" translate="no">{withdrawal.number}</span>
      </KeyValue>
      <KeyValue label={<FormattedMessage {...m.time} />}>{format.dateTime(withdrawal.created_at)}</KeyValue>
      {withdrawal.review_deadline && (
        <KeyValue label={<FormattedMessage {...m.reviewDeadline} />}>
          <span data-testid="withdrawal-deadline">{format.dateTime(withdrawal.review_deadline)}</span>
        </KeyValue>
      )}
      <KeyValue label={<FormattedMessage {...(withdrawal.destination ? m.destination : m.account)} />}>
        <span className="wallet-record-number" translate="no" data-testid="withdrawal-destination">
          {withdrawal.destination ? (
            <FormattedMessage {...m.destinationShown} values={withdrawal.destination} />
          ) : (
            withdrawal.account
          )}
        </span>
      </KeyValue>
      <KeyValue label={<FormattedMessage {...m.amount} />}>
        <Money value={withdrawal.amount} />
      </KeyValue>
      <KeyValue label={<FormattedMessage {...m.fee} />}>
        <Money value={withdrawal.fee} />
      </KeyValue>
      <KeyValue label={<FormattedMessage {...m.actualAmount} />} strong>
        <Money value={withdrawal.actual_amount} currency={withdrawal.currency} />
      </KeyValue>
      {withdrawal.reason && (
        <div className="wallet-reason">
          <FormattedMessage {...m.reason} values={{ reason: <span translate="no">{withdrawal.reason}</span> }} />
        </div>
      )}
      {withdrawal.overdue && (
        <div className="wallet-reason">
          <FormattedMessage {...m.overdueNote} />
        </div>
      )}
      {withdrawal.status === IN_REVIEW && (
        <div className="wallet-record-actions">
          <CancelButton withdrawal={withdrawal} />
        </div>
      )}
    </div>
  );
}

/** WithdrawRecord: number, time, amount, fee, actual amount, status of every withdrawal, newest first; one in review
 * shows its review deadline (flagged once passed) and can be cancelled. */
export function WithdrawalRecords() {
  return (
    <InfiniteList
      queryKey={walletKeys.withdrawals()}
      fetchPage={(page, limit, signal) => getExtractLog(page, limit, signal)}
      itemKey={(withdrawal) => withdrawal.id}
      renderItem={(withdrawal) => <WithdrawalItem withdrawal={withdrawal} />}
    />
  );
}
