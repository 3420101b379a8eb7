import { PasskeysSection } from "@/features/account";

/** /passkeys: the merchant's passkeys (Settings > Security). */
export default function PasskeysScreen() {
  return <PasskeysSection />;
}
