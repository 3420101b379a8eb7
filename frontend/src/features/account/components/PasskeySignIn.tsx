import { Button } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { signIn } from "@/lib/session";
import { toast } from "@/lib/toast";
import { usePasskeySignIn } from "../api";
import { PasskeyCancelled, passkeysSupported } from "../passkey";
import { passkeyMessages as m } from "./passkeyMessages";
import "./login.css";

/** "Sign in with a passkey" under the login form, where the browser has WebAuthn: no account or password typed. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const intl = useIntl();
  const passkey = usePasskeySignIn();
  if (!passkeysSupported()) return null;
  const start = () =>
    passkey.mutate(undefined, {
      onSuccess: ({ data, msg }) => {
        if (!data.merinfo) return;
        signIn(data.merinfo);
        toast.success(msg);
        onSignedIn();
      },
      onError: (error) => {
        if (error instanceof PasskeyCancelled) toast.info(intl.formatMessage(m.cancelled));
      },
    });
  return (
    <>
      <div className="login-or">
        <FormattedMessage {...m.or} />
      </div>
      <div className="login-passkey">
        <Button block fill="outline" color="primary" size="large" loading={passkey.isPending} onClick={start}>
          <FormattedMessage {...m.signIn} />
        </Button>
      </div>
    </>
  );
}
