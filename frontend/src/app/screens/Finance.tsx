import { ComingSoon } from "@/components/ui/ComingSoon";

/** /finance: not built yet: it says so (components/ui/ComingSoon) until its feature lands. */
export default function FinanceScreen() {
  return <ComingSoon />;
}
