import { FormattedMessage } from "react-intl";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { Money } from "@/components/ui/Money";
import { useFormat } from "@/lib/money";
import { getExtractLog, walletKeys, type Withdrawal } from "../api";
import { KeyValue } from "./KeyValue";
import { StatusTag } from "./StatusTag";
import { walletMessages as m } from "./messages";
import "./wallet.css";

function WithdrawalItem({ withdrawal }: { withdrawal: Withdrawal }) {
  const format = useFormat();
  return (
    <div className="wallet-record" data-testid="withdrawal-record">
      <div className="wallet-record-head">
        <span className="wallet-record-title">
          {withdrawal.method_label}
          <span className="wallet-dot">{withdrawal.network ?? withdrawal.currency}</span>
        </span>
        <StatusTag status={withdrawal.status} label={withdrawal.status_label} />
      </div>
      <KeyValue label={<FormattedMessage {...m.withdrawalNumber} />}>
        <span className="wallet-record-number" translate="no">{withdrawal.number}</span>
      </KeyValue>
      <KeyValue label={<FormattedMessage {...m.time} />}>{format.dateTime(withdrawal.created_at)}</KeyValue>
      <KeyValue label={<FormattedMessage {...m.account} />}>
        <span className="wallet-record-number" translate="no">{withdrawal.account}</span>
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
    </div>
  );
}

/** WithdrawRecord: number, time, amount, fee, actual amount, status of every withdrawal, newest first. */
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
