import { SupportContacts } from "@/features/support";

/** /service: customer service: the built-in conversation (with its unread replies) and the configured links. */
export default function ServiceScreen() {
  return <SupportContacts />;
}
