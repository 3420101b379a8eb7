import { List } from "antd-mobile";
import { FileOutline } from "antd-mobile-icons";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { uiMessages } from "./messages";

/** The way to /terms ("Fees and terms"), on the screens where a merchant pays or is paid (level, withdraw, deposit). */
export function TermsLink() {
  const navigate = useNavigate();
  return (
    <List mode="card" className="terms-link">
      <List.Item
        prefix={<FileOutline />}
        description={<FormattedMessage {...uiMessages.termsLinkHint} />}
        onClick={() => navigate("/terms")}
        data-testid="terms-link"
      >
        <FormattedMessage {...uiMessages.termsLink} />
      </List.Item>
    </List>
  );
}
