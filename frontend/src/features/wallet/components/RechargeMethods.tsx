import { List } from "antd-mobile";
import { BankcardOutline, ContentOutline, TransportQRcodeOutline } from "antd-mobile-icons";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { walletMessages as m } from "./messages";
import "./wallet.css";

/** Recharge: the two deposit methods (chain deposit, manual bank card deposit) and the deposit records. */
export function RechargeMethods() {
  const navigate = useNavigate();
  return (
    <>
      <div className="wallet-heading">
        <FormattedMessage {...m.chooseMethod} />
      </div>
      <List mode="card" className="wallet-list">
        <List.Item
          prefix={
            <span className="wallet-method-icon">
              <TransportQRcodeOutline />
            </span>
          }
          description={<FormattedMessage {...m.chainDepositHint} />}
          onClick={() => navigate("/walletRecharge")}
        >
          <FormattedMessage {...m.chainDeposit} />
        </List.Item>
        <List.Item
          prefix={
            <span className="wallet-method-icon">
              <BankcardOutline />
            </span>
          }
          description={<FormattedMessage {...m.manualDepositHint} />}
          onClick={() => navigate("/bankCardRecharge")}
        >
          <FormattedMessage {...m.manualDeposit} />
        </List.Item>
      </List>
      <List mode="card" className="wallet-list">
        <List.Item prefix={<ContentOutline />} onClick={() => navigate("/rechargeRecord")}>
          <FormattedMessage {...m.depositRecords} />
        </List.Item>
      </List>
      <p className="wallet-note">
        <FormattedMessage {...m.reviewHint} />
      </p>
    </>
  );
}
