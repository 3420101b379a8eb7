import { useState } from "react";
import { Button } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { Controller, useForm } from "react-hook-form";
import { ApiError, applyFieldErrors, type Answer } from "@/lib/api";
import { signIn } from "@/lib/session";
import { toast } from "@/lib/toast";
import { passkeyFactorAnswer, useLoginFactor, type LoginAnswer } from "../api";
import { passkeysSupported } from "../passkey";
import { usePasskeyCancelled } from "./usePasskeyCancelled";
import { passkeyMessages } from "./passkeyMessages";
import { SecondFactorField } from "./SecondFactorField";
import { loginFactorMessages as m, secondFactorMessages as f } from "./securityMessages";
import "./login.css";
import "./security.css";

type Props = {
  /** The ticket merchant/login (or merchant/third) answered with second_factor. */
  ticket: string;
  /** What the second step may be passed with (totp, recovery, passkey); by default the code. */
  methods?: string[];
  onSignedIn: () => void;
  /** Back to the password (also when the server says the ticket expired). */
  onBack: () => void;
};

/**
 * The sign-in's second step, on a device the account has not trusted yet: the code of the authenticator app or a
 * recovery code (SecondFactorField), then merchant/login_factor signs in as the password step would have.
 */
export function LoginFactorStep({ ticket, methods = ["totp", "recovery"], onSignedIn, onBack }: Props) {
  const intl = useIntl();
  const { control, handleSubmit, setError } = useForm<{ code: string }>({ defaultValues: { code: "" } });
  const factor = useLoginFactor();
  const cancelled = usePasskeyCancelled();
  const withCode = methods.includes("totp");
  const withPasskey = methods.includes("passkey") && passkeysSupported();
  const [asking, setAsking] = useState(false);

  const signedIn = ({ data, msg }: Answer<LoginAnswer>) => {
    if (!data.merinfo) return;
    signIn(data.merinfo);
    toast.success(msg);
    onSignedIn();
  };
  const refused = (error: unknown) => {
    if (error instanceof ApiError && (error.data as { restart?: boolean } | null)?.restart) onBack();
    else if (!cancelled(error)) applyFieldErrors(error, setError, ["code"]);
  };
  /** "Use a passkey": the browser's prompt for one of the account's passkeys, then login_factor with its answer. */
  const askPasskey = () => {
    setAsking(true);
    passkeyFactorAnswer(ticket)
      .then((passkey) => factor.mutateAsync({ ticket, passkey }))
      .then(signedIn, refused)
      .finally(() => setAsking(false));
  };

  const submit = handleSubmit(({ code }) => {
    if (!code.trim()) {
      setError("code", { type: "required", message: intl.formatMessage(m.required) });
      return;
    }
    factor.mutate({ ticket, code: code.trim() }, { onSuccess: signedIn, onError: refused });
  });

  return (
    <form className="login-form" noValidate onSubmit={(event) => void submit(event)} data-testid="login-factor">
      <h2 className="login-factor-title">
        <FormattedMessage {...m.title} />
      </h2>
      <p className="login-factor-intro">
        <FormattedMessage {...(withCode ? m.intro : passkeyMessages.factorIntro)} />
      </p>
      {withCode && (
        <div className="login-form-card">
          <Controller
            control={control}
            name="code"
            render={({ field, fieldState }) => (
              <div className="login-field">
                <label className="login-field-label" htmlFor="login-factor-code">
                  <FormattedMessage {...f.label} />
                </label>
                <SecondFactorField {...field} id="login-factor-code" autoFocus />
                {fieldState.error?.message && <div className="field-error">{fieldState.error.message}</div>}
              </div>
            )}
          />
        </div>
      )}
      <div className="login-form-footer">
        {withCode && (
          <Button block type="submit" color="primary" size="large" loading={factor.isPending && !asking}>
            <FormattedMessage {...m.submit} />
          </Button>
        )}
        {withPasskey && (
          <Button
            block
            size="large"
            color="primary"
            fill={withCode ? "outline" : "solid"}
            className="login-factor-passkey"
            loading={asking}
            onClick={askPasskey}
          >
            <FormattedMessage {...passkeyMessages.usePasskey} />
          </Button>
        )}
        {!withCode && !passkeysSupported() && (
          <p className="login-factor-intro">
            <FormattedMessage {...passkeyMessages.unsupported} />
          </p>
        )}
        <Button block size="large" className="login-factor-back" onClick={onBack}>
          <FormattedMessage {...m.back} />
        </Button>
      </div>
    </form>
  );
}
