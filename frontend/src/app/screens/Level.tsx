import { TermsLink } from "@/components/ui/TermsLink";
import { catalogKeys } from "@/features/catalog";
import { LevelList, shopKeys, type LevelActionProps } from "@/features/shop";
import { LevelUpgradeButton } from "@/features/wallet";

/** A new level changes the level list (features/shop) and every purchase price (features/catalog). */
const UPGRADE_CHANGES = [shopKeys.levels(), catalogKeys.all];

/** The upgrade action slot of every level card (features/shop) gets the wallet's upgrade button. */
const UpgradeAction = ({ level }: LevelActionProps) => <LevelUpgradeButton level={level} invalidates={UPGRADE_CHANGES} />;

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
