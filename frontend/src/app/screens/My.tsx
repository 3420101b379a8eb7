import { MyAccount } from "@/features/account";
import { WalletCard } from "@/features/wallet";
import { useSession } from "@/lib/session";

/**
 * /my: the account part (features/account: header, review notice, links, language, logout) around the
 * wallet block (features/wallet: balance, total income, pending amount, withdraw, deposit), which MyAccount
 * renders in its `walletSlot`, under the header. The Messages link shows the unread messages (session state
 * `msg_total`, kept fresh by the tab bar's features/messages useMessageBadge).
 */
export default function MyScreen() {
  const { msgTotal } = useSession();
  const walletSlot = <WalletCard />;
  return <MyAccount walletSlot={walletSlot} badges={{ "/message": msgTotal }} />;
}
