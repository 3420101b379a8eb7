import { Tag } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { InfiniteList } from "@/components/ui/InfiniteList";
import { useFormat } from "@/lib/money";
import { accountKeys, getOperatorActions, type OperatorAction } from "../api";
import { historyMessages as m } from "./historyMessages";
import { argumentMessages } from "./messages";
import "./history.css";

function ActionItem({ action }: { action: OperatorAction }) {
  const format = useFormat();
  return (
    <div className="history-action" data-testid="operator-action">
      <div className="history-action-title">{action.title}</div>
      <div className="history-action-reason">
        <FormattedMessage {...argumentMessages.reason} values={{ reason: <span translate="no">{action.reason}</span> }} />
      </div>
      <div className="history-action-sub">
        <span>{format.dateTime(action.created_at)}</span>
        {action.second_operator && (
          <Tag color="primary" fill="outline">
            <FormattedMessage {...m.secondOperator} />
          </Tag>
        )}
      </div>
    </div>
  );
}

/** The account history: every operator action on the merchant's account, money, shop or products, newest first. */
export function AccountHistory() {
  return (
    <>
      <p className="history-intro">
        <FormattedMessage {...m.intro} />
      </p>
      <InfiniteList
        queryKey={accountKeys.operatorActions()}
        fetchPage={getOperatorActions}
        itemKey={(action) => action.id}
        renderItem={(action) => <ActionItem action={action} />}
        empty={<FormattedMessage {...m.empty} />}
      />
    </>
  );
}
