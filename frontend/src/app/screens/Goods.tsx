import { GoodsManager } from "@/features/catalog";

/** /goods: the shop's goods by tab, on / off shelf, remove. */
export default function GoodsScreen() {
  return <GoodsManager />;
}
