import { ComingSoon } from "@/components/ui/ComingSoon";

/** /services: not built yet: it says so (components/ui/ComingSoon) until its feature lands. */
export default function ServicesScreen() {
  return <ComingSoon />;
}
