import { ComingSoon } from "@/components/ui/ComingSoon";

/** /service: not built yet: it says so (components/ui/ComingSoon) until its feature lands. */
export default function ServiceScreen() {
  return <ComingSoon />;
}
