import { MyAccount } from "@/features/account";
import { WalletCard } from "@/features/wallet";
import { useBadges } from "../badges";

/**
 * /my: the account part (features/account: header, review notice, links, language, logout) around the
 * wallet block (features/wallet: balance, total income, pending amount, withdraw, deposit), which MyAccount
 * renders in its `walletSlot`, under the header. The Messages link shows the unread messages (app/badges).
 */
export default function MyScreen() {
  const { unreadMessages } = useBadges();
  const walletSlot = <WalletCard />;
  return <MyAccount walletSlot={walletSlot} badges={{ "/message": unreadMessages }} />;
}
