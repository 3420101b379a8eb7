import { LevelList, type LevelActionProps } from "@/features/shop";
import { LevelUpgradeButton } from "@/features/wallet";

/**
 * UPGRADE ACTION SLOT (helper H, features/wallet): every level card renders <UpgradeAction level current />.
 * Replace the stub below with the wallet's button, e.g.
 *   import { LevelUpgradeButton } from "@/features/wallet";
 *   const UpgradeAction = ({ level }: LevelActionProps) => <LevelUpgradeButton level={level} />;
 */
const UpgradeAction = ({ level }: LevelActionProps) => <LevelUpgradeButton level={level} />;

/** /level: the levels with profit margin, product quantity and upgrade price; the current one is marked. */
export default function LevelScreen() {
  return <LevelList action={UpgradeAction} />;
}
