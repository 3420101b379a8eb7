import { ComingSoon } from "@/components/ui/ComingSoon";

/** /message: not built yet: it says so (components/ui/ComingSoon) until its feature lands. */
export default function MessageScreen() {
  return <ComingSoon />;
}
