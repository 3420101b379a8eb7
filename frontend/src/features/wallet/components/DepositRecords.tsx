import { FormattedMessage } from "react-intl";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { Money } from "@/components/ui/Money";
import { compareAmounts } from "@/lib/money/amount";
import { useFormat } from "@/lib/money";
import { getRechargeLog, walletKeys, type Deposit } from "../api";
import { KeyValue } from "./KeyValue";
import { StatusTag } from "./StatusTag";
import { walletMessages as m } from "./messages";
import "./wallet.css";

function DepositItem({ deposit }: { deposit: Deposit }) {
  const format = useFormat();
  const creditedOther = deposit.credited_amount !== null && compareAmounts(deposit.credited_amount, deposit.amount) !== 0;
  return (
    <div className="wallet-record" data-testid="deposit-record">
      <div className="wallet-record-head">
        <span className="wallet-record-title">
          {deposit.method_label}
          {deposit.network && <span className="wallet-dot">{deposit.network}</span>}
        </span>
        <StatusTag status={deposit.status} label={deposit.status_label} />
      </div>
      <KeyValue label={<FormattedMessage {...m.orderNumber} />}>
        <span className="wallet-record-number" translate="no">{deposit.number}</span>
      </KeyValue>
      <KeyValue label={<FormattedMessage {...m.time} />}>{format.dateTime(deposit.created_at)}</KeyValue>
      <KeyValue label={<FormattedMessage {...m.amount} />} strong>
        <Money value={deposit.amount} currency={deposit.currency} />
      </KeyValue>
      {creditedOther && (
        <KeyValue label={<FormattedMessage {...m.credited} />}>
          <Money value={deposit.credited_amount} />
        </KeyValue>
      )}
      {deposit.reason && (
        <div className="wallet-reason">
          <FormattedMessage {...m.reason} values={{ reason: <span translate="no">{deposit.reason}</span> }} />
        </div>
      )}
    </div>
  );
}

/** RechargeRecord: order number, time, amount, status of every deposit, newest first. */
export function DepositRecords() {
  return (
    <InfiniteList
      queryKey={walletKeys.deposits()}
      fetchPage={(page, limit, signal) => getRechargeLog(page, limit, signal)}
      itemKey={(deposit) => deposit.id}
      renderItem={(deposit) => <DepositItem deposit={deposit} />}
    />
  );
}
