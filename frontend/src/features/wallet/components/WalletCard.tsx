import { Button, Skeleton } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { Money } from "@/components/ui/Money";
import { useWalletSummary } from "../api";
import { walletMessages as m } from "./messages";
import "./wallet.css";

/** The wallet block at the top of My: balance, total income, the pending amount in its two parts (held for
 * withdrawals in review, sales awaiting settlement), withdraw and deposit. */
export function WalletCard() {
  const navigate = useNavigate();
  const { data } = useWalletSummary();
  return (
    <section className="wallet-card" data-testid="wallet-card">
      <div className="wallet-card-label">
        <FormattedMessage {...m.balance} />
      </div>
      <div className="wallet-card-balance">
        {data ? <Money value={data.balance} /> : <Skeleton.Title animated style={{ width: 140, margin: 0 }} />}
      </div>
      <div className="wallet-card-figures">
        <div className="wallet-card-figure">
          <span className="wallet-card-label">
            <FormattedMessage {...m.totalIncome} />
          </span>
          <Money value={data?.total_income ?? null} />
        </div>
        <div className="wallet-card-figure">
          <span className="wallet-card-label">
            <FormattedMessage {...m.heldAmount} />
          </span>
          <Money value={data?.held_amount ?? null} />
        </div>
        <div className="wallet-card-figure">
          <span className="wallet-card-label">
            <FormattedMessage {...m.pendingSales} />
          </span>
          <Money value={data?.pending_sales ?? null} />
        </div>
      </div>
      <div className="wallet-card-actions">
        <Button size="middle" onClick={() => navigate("/withdraw")}>
          <FormattedMessage {...m.withdraw} />
        </Button>
        <Button size="middle" color="warning" onClick={() => navigate("/recharge")}>
          <FormattedMessage {...m.deposit} />
        </Button>
      </div>
    </section>
  );
}
