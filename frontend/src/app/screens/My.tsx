import { MyAccount } from "@/features/account";
import { WalletCard } from "@/features/wallet";

/**
 * /my: the account part (features/account) around the wallet block.
 * WALLET SLOT (helper H): import the wallet block from "@/features/wallet" and put it in `walletSlot` below
 * (balance, total income, pending amount, withdraw, deposit); MyAccount renders it under the header.
 */
export default function MyScreen() {
  const walletSlot = <WalletCard />;
  return <MyAccount walletSlot={walletSlot} />;
}
