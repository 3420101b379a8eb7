import { Button } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { Controller, useForm } from "react-hook-form";
import { ApiError, applyFieldErrors } from "@/lib/api";
import { signIn } from "@/lib/session";
import { toast } from "@/lib/toast";
import { useLoginFactor } from "../api";
import { SecondFactorField } from "./SecondFactorField";
import { loginFactorMessages as m, secondFactorMessages as f } from "./securityMessages";
import "./login.css";
import "./security.css";

type Props = {
  /** The ticket merchant/login (or merchant/third) answered with second_factor. */
  ticket: string;
  onSignedIn: () => void;
  /** Back to the password (also when the server says the ticket expired). */
  onBack: () => void;
};

/**
 * The sign-in's second step, on a device the account has not trusted yet: the code of the authenticator app or a
 * recovery code (SecondFactorField), then merchant/login_factor signs in as the password step would have.
 */
export function LoginFactorStep({ ticket, onSignedIn, onBack }: Props) {
  const intl = useIntl();
  const { control, handleSubmit, setError } = useForm<{ code: string }>({ defaultValues: { code: "" } });
  const factor = useLoginFactor();

  const submit = handleSubmit(({ code }) => {
    if (!code.trim()) {
      setError("code", { type: "required", message: intl.formatMessage(m.required) });
      return;
    }
    factor.mutate(
      { ticket, code: code.trim() },
      {
        onSuccess: ({ data, msg }) => {
          if (!data.merinfo) return;
          signIn(data.merinfo);
          toast.success(msg);
          onSignedIn();
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.data as { restart?: boolean } | null)?.restart) onBack();
          else applyFieldErrors(error, setError, ["code"]);
        },
      },
    );
  });

  return (
    <form className="login-form" noValidate onSubmit={(event) => void submit(event)} data-testid="login-factor">
      <h2 className="login-factor-title">
        <FormattedMessage {...m.title} />
      </h2>
      <p className="login-factor-intro">
        <FormattedMessage {...m.intro} />
      </p>
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
      <div className="login-form-footer">
        <Button block type="submit" color="primary" size="large" loading={factor.isPending}>
          <FormattedMessage {...m.submit} />
        </Button>
        <Button block size="large" className="login-factor-back" onClick={onBack}>
          <FormattedMessage {...m.back} />
        </Button>
      </div>
    </form>
  );
}
