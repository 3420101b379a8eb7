import { ChainDeposit } from "@/features/wallet";

/** /blockchainRecharge?network=<code>: the network's address and QR code, and the chain deposit form. */
export default function BlockchainRechargeScreen() {
  return <ChainDeposit />;
}
