import { ComingSoon } from "@/components/ui/ComingSoon";

/** /alliance: not built yet: it says so (components/ui/ComingSoon) until its feature lands. */
export default function AllianceScreen() {
  return <ComingSoon />;
}
