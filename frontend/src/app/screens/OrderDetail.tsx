import { ComingSoon } from "@/components/ui/ComingSoon";

/** /orderDetail: not built yet: it says so (components/ui/ComingSoon) until its feature lands. */
export default function OrderDetailScreen() {
  return <ComingSoon />;
}
