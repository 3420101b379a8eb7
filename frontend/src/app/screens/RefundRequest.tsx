import { ComingSoon } from "@/components/ui/ComingSoon";

/** /refundRequest: not built yet: it says so (components/ui/ComingSoon) until its feature lands. */
export default function RefundRequestScreen() {
  return <ComingSoon />;
}
