import { Button, Skeleton } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { useNavigate } from "react-router-dom";
import { FigureInfo } from "@/components/ui/FigureInfo";
import { Money } from "@/components/ui/Money";
import { useWalletSummary } from "../api";
import { walletMessages as m } from "./messages";
import "./wallet.css";

/** The wallet block at the top of My and on Home: balance, settled sales (the spec's total income), the pending amount
 * in its two parts (held for withdrawals in review, sales awaiting settlement), withdraw and deposit; each figure with
 * its info tap. */
export function WalletCard() {
  const navigate = useNavigate();
  const { data } = useWalletSummary();
  return (
    <section className="wallet-card" data-testid="wallet-card">
      <div className="wallet-card-label">
        <FormattedMessage {...m.balance} />
        <FigureInfo label={m.balance} info={m.infoBalance} />
      </div>
      <div className="wallet-card-balance">
        {data ? <Money value={data.balance} /> : <Skeleton.Title animated style={{ width: 140, margin: 0 }} />}
      </div>
      <div className="wallet-card-figures">
        <div className="wallet-card-figure">
          <span className="wallet-card-label">
            <FormattedMessage {...m.totalIncome} />
            <FigureInfo label={m.totalIncome} info={m.infoTotalIncome} />
          </span>
          <Money value={data?.total_income ?? null} />
        </div>
        <div className="wallet-card-figure">
          <span className="wallet-card-label">
            <FormattedMessage {...m.heldAmount} />
            <FigureInfo label={m.heldAmount} info={m.infoHeldAmount} />
          </span>
          <Money value={data?.held_amount ?? null} />
        </div>
        <div className="wallet-card-figure">
          <span className="wallet-card-label">
            <FormattedMessage {...m.pendingSales} />
            <FigureInfo label={m.pendingSales} info={m.infoPendingSales} />
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
