import { ComingSoon } from "@/components/ui/ComingSoon";

/** /order: not built yet: it says so (components/ui/ComingSoon) until its feature lands. */
export default function OrderScreen() {
  return <ComingSoon />;
}
