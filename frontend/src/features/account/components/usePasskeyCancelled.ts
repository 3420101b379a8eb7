import { useIntl } from "react-intl";
import { toast } from "@/lib/toast";
import { PasskeyCancelled } from "../passkey";
import { passkeyMessages as m } from "./passkeyMessages";

/**
 * Whether a passkey call ended because the merchant cancelled the browser's prompt (or the passkey exists already);
 * then it says so in a toast. Its own module: the sign-in page uses it without loading the passkeys screen.
 */
export function usePasskeyCancelled() {
  const intl = useIntl();
  return (error: unknown): boolean => {
    if (!(error instanceof PasskeyCancelled)) return false;
    toast.info(intl.formatMessage(error.reason === "exists" ? m.exists : m.cancelled));
    return true;
  };
}
