import { MyAccount } from "@/features/account";
import { WalletCard } from "@/features/wallet";

/**
 * /my: the account part (features/account: header, review notice, links, language, logout) around the
 * wallet block (features/wallet: balance, total income, pending amount, withdraw, deposit), which MyAccount
 * renders in its `walletSlot`, under the header.
 */
export default function MyScreen() {
  const walletSlot = <WalletCard />;
  return <MyAccount walletSlot={walletSlot} />;
}
