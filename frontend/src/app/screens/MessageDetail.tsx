import { ComingSoon } from "@/components/ui/ComingSoon";

/** /messageDetail: not built yet: it says so (components/ui/ComingSoon) until its feature lands. */
export default function MessageDetailScreen() {
  return <ComingSoon />;
}
