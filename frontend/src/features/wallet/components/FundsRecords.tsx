import { Tabs } from "antd-mobile";
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { useSearchParams } from "react-router-dom";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { Money } from "@/components/ui/Money";
import { useFormat } from "@/lib/money";
import { getBill, walletKeys, type BillLine, type BillTab } from "../api";
import { walletMessages as m } from "./messages";
import "./wallet.css";

const TABS: { key: BillTab; title: MessageDescriptor }[] = [
  { key: "all", title: m.tabAll },
  { key: "recharge", title: m.tabRecharge },
  { key: "withdraw", title: m.tabWithdraw },
  { key: "order", title: m.tabOrder },
];

function BillItem({ line }: { line: BillLine }) {
  const format = useFormat();
  const credit = !line.amount.startsWith("-");
  return (
    <div className="wallet-record" data-testid="bill-line">
      <div className="wallet-record-head">
        <span className="wallet-record-title">{line.title}</span>
        <span className={`wallet-record-amount ${credit ? "wallet-plus" : "wallet-minus"}`}>
          <Money value={line.amount} />
        </span>
      </div>
      <div className="wallet-record-sub">
        <span>{format.dateTime(line.created_at)}</span>
        <span>
          <FormattedMessage {...m.balanceAfter} values={{ amount: format.money(line.balance_after) }} />
        </span>
      </div>
      {line.memo && <div className="wallet-record-number" translate="no">
          {line.memo}
        </div>}
    </div>
  );
}

/** FundsRecords: tabs all / recharge / withdrawal / orders; each line with title, amount, time and balance after. */
export function FundsRecords() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const tab = (TABS.find((t) => t.key === params.get("type")) ?? TABS[0]).key;
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ type: key }, { replace: true })}
        style={{ background: "#fff", position: "sticky", top: 45, zIndex: 5 }}
      >
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={intl.formatMessage(t.title)} />
        ))}
      </Tabs>
      <InfiniteList
        key={tab}
        queryKey={walletKeys.bill(tab)}
        fetchPage={(page, limit, signal) => getBill(tab, page, limit, signal)}
        itemKey={(line) => line.id}
        renderItem={(line) => <BillItem line={line} />}
      />
    </>
  );
}
