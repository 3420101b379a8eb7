import { ComingSoon } from "@/components/ui/ComingSoon";

/** /buyTrainBill: not built yet: it says so (components/ui/ComingSoon) until its feature lands. */
export default function BuyTrainBillScreen() {
  return <ComingSoon />;
}
