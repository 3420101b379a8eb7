import { ComingSoon } from "@/components/ui/ComingSoon";

/** /storeExpress: not built yet: it says so (components/ui/ComingSoon) until its feature lands. */
export default function StoreExpressScreen() {
  return <ComingSoon />;
}
