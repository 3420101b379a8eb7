import { NetworkList } from "@/features/wallet";

/** /walletRecharge: choose the deposit network; it opens /blockchainRecharge?network=<code>. */
export default function WalletRechargeScreen() {
  return <NetworkList />;
}
