import { SecuritySettings } from "@/features/account";

/** /security: two-step sign-in (an authenticator app's code and recovery codes), turned on and off. */
export default function SecurityScreen() {
  return <SecuritySettings />;
}
