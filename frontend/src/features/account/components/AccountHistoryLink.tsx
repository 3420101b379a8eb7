import { List } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { historyMessages as m } from "./historyMessages";

/** The row of Personal information that opens the account history (/accountHistory). */
export function AccountHistoryLink() {
  const navigate = useNavigate();
  return (
    <List mode="card">
      <List.Item onClick={() => navigate("/accountHistory")} data-testid="account-history-link">
        <FormattedMessage {...m.link} />
      </List.Item>
    </List>
  );
}
