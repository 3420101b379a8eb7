import { TermsLink } from "@/components/ui/TermsLink";
import { LevelList, type LevelActionProps } from "@/features/shop";
import { LevelUpgradeButton } from "@/features/wallet";

/** The upgrade action slot of every level card (features/shop) gets the wallet's upgrade button. */
const UpgradeAction = ({ level }: LevelActionProps) => <LevelUpgradeButton level={level} />;

/** /level: the levels with profit margin, product quantity and upgrade price; the current one is marked; then the way
 * to the terms (the levels' history and announced changes). */
export default function LevelScreen() {
  return (
    <>
      <LevelList action={UpgradeAction} />
      <TermsLink />
    </>
  );
}
