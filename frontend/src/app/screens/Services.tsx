import { SupportChat } from "@/features/support";

/** /services: the support conversation with the operators (text and images). */
export default function ServicesScreen() {
  return <SupportChat />;
}
