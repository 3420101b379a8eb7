import { useState } from "react";
import type { QueryKey } from "@tanstack/react-query";
import { Button } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { useConfirm } from "@/components/ui/confirm";
import { PayPasswordPopup } from "@/components/ui/PayPasswordPopup";
import { useFormat } from "@/lib/money";
import { toast } from "@/lib/toast";
import { useLevelUpgrade } from "../api";
import { walletMessages as m } from "./messages";
import "./wallet.css";

type Props = {
  /** The level as GET index/level answers it: `upgrade_cost` is the difference to pay, null when not a higher level. */
  level: { id: number; name: string; upgrade_cost: string | null };
  /** Other features' data a new level changes (the level list, the purchase prices): read again after an attempt. */
  invalidates: readonly QueryKey[];
};

/** The upgrade action of a higher level's card: shows the difference to pay, confirms, asks the payment password. */
export function LevelUpgradeButton({ level, invalidates }: Props) {
  const format = useFormat();
  const confirm = useConfirm();
  const [asking, setAsking] = useState(false);
  const upgrade = useLevelUpgrade(invalidates);
  if (level.upgrade_cost === null) return null;
  const amount = format.money(level.upgrade_cost);

  const start = async () => {
    if (await confirm(m.upgradeConfirm, { level: level.name, amount })) setAsking(true);
  };
  const pay = (payPassword: string) =>
    upgrade.mutateAsync(
      { level_id: level.id, pay_password: payPassword },
      {
        onSuccess: ({ msg }) => {
          setAsking(false);
          toast.success(msg);
        },
      },
    );

  return (
    <>
      <Button
        className="wallet-upgrade"
        block
        color="primary"
        size="middle"
        loading={upgrade.isPending}
        onClick={() => void start()}
        data-testid={`level-upgrade-${level.id}`}
      >
        <FormattedMessage {...m.upgrade} values={{ amount }} />
      </Button>
      <PayPasswordPopup
        visible={asking}
        action={<FormattedMessage {...m.upgradeAction} values={{ level: level.name }} />}
        amount={amount}
        onClose={() => setAsking(false)}
        onSubmit={pay}
      />
    </>
  );
}
