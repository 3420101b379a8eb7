import { DistributionCenter } from "@/features/catalog";

/** /distribution?category=&keyword=: choose products of the platform and distribute them to the shop. */
export default function DistributionScreen() {
  return <DistributionCenter />;
}
