import { List } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { EmptyState } from "@/components/ui/EmptyState";
import { QueryFallback } from "@/components/ui/QueryState";
import { useFormat } from "@/lib/money";
import { useDepositOptions } from "../api";
import { walletMessages as m } from "./messages";
import "./wallet.css";

/** WalletRecharge: the deposit networks; picking one opens its address, QR code and form (BlockchainRecharge). */
export function NetworkList() {
  const navigate = useNavigate();
  const format = useFormat();
  const options = useDepositOptions();
  const { data } = options;
  if (!data) return <QueryFallback query={options} lines={5} />;
  return (
    <>
      <div className="wallet-heading">
        <FormattedMessage {...m.chooseNetwork} />
      </div>
      {data.networks.length === 0 ? (
        <EmptyState description={<FormattedMessage {...m.noNetworks} />} />
      ) : (
        <List mode="card" className="wallet-list">
          {data.networks.map((network) => (
            <List.Item
              key={network.code}
              extra={network.currency}
              description={
                <FormattedMessage
                  {...m.networkSummary}
                  values={{ minimum: format.money(network.minimum, network.currency), confirmations: network.confirmations }}
                />
              }
              onClick={() => navigate(`/blockchainRecharge?network=${encodeURIComponent(network.code)}`)}
            >
              {network.code}
            </List.Item>
          ))}
        </List>
      )}
      <div className="wallet-warning">{data.notice}</div>
    </>
  );
}
