import { useState, type ReactElement, type ReactNode } from "react";
import { Button, Input } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { Controller, useForm, type Control, type ControllerRenderProps } from "react-hook-form";
import { applyFieldErrors } from "@/lib/api";
import { signIn } from "@/lib/session";
import { useSchema } from "@/hooks/useSchema";
import { toast } from "@/lib/toast";
import { useLogin } from "../api";
import { LoginFactorStep } from "./LoginFactorStep";
import { PasskeySignIn } from "./PasskeySignIn";
import { loginResolver, type LoginValues } from "./loginValidation";
import { loginMessages as m } from "./messages";
import "./login.css";

/**
 * The sign-in form: translated validation messages, react-hook-form, server field errors on their fields. /login is
 * the page most visitors load first, so it validates without zod (loginValidation.ts) and draws its fields without
 * antd-mobile's Form (LoginField); the other forms use both. When the server asks the second step (two-step sign-in on
 * a device the account has not trusted yet), the form gives way to it (LoginFactorStep). Under the form: Sign in with a
 * passkey (PasskeySignIn), where the browser has passkeys.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const intl = useIntl();
  const resolver = useSchema(loginResolver);
  const { control, handleSubmit, setError } = useForm<LoginValues>({
    mode: "onTouched",
    resolver,
    defaultValues: { account: "", password: "" },
  });
  const login = useLogin();
  const [step, setStep] = useState<{ ticket: string; methods: string[] } | null>(null);

  const submit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ data, msg }) => {
        if (data.second_factor) {
          setStep(data.second_factor);
          return;
        }
        if (!data.merinfo) return;
        signIn(data.merinfo);
        toast.success(msg);
        onSignedIn();
      },
      // The failure toast with the server msg comes from the query client; field errors go on their fields.
      onError: (error) => applyFieldErrors(error, setError, ["account", "password"]),
    }),
  );

  if (step) {
    return <LoginFactorStep {...step} onSignedIn={onSignedIn} onBack={() => setStep(null)} />;
  }

  return (
    <>
      <form className="login-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="login-form-card">
          <LoginField
            control={control}
            name="account"
            label={<FormattedMessage {...m.account} />}
            render={(field) => (
              <Input
                {...field}
                autoComplete="username"
                clearable
                placeholder={intl.formatMessage(m.accountPlaceholder)}
              />
            )}
          />
          <LoginField
            control={control}
            name="password"
            label={<FormattedMessage {...m.password} />}
            render={(field) => (
              <Input
                {...field}
                type="password"
                autoComplete="current-password"
                placeholder={intl.formatMessage(m.passwordPlaceholder)}
              />
            )}
          />
        </div>
        <div className="login-form-footer">
          <Button block type="submit" color="primary" size="large" loading={login.isPending}>
            <FormattedMessage {...m.submit} />
          </Button>
        </div>
      </form>
      <PasskeySignIn onSignedIn={onSignedIn} />
    </>
  );
}

type FieldProps<N extends keyof LoginValues> = {
  control: Control<LoginValues>;
  name: N;
  label: ReactNode;
  render: (field: ControllerRenderProps<LoginValues, N> & { id: string }) => ReactElement;
};

/**
 * A labelled field with its error below, drawn like a vertical antd-mobile Form.Item (login.css) without antd's Form:
 * its field store, validator and help popover would add about 30 KB gzipped to /login's first load.
 */
function LoginField<N extends keyof LoginValues>({ control, name, label, render }: FieldProps<N>) {
  const id = `login-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="login-field">
          <label className="login-field-label" htmlFor={id}>
            {label}
          </label>
          {render({ ...field, id })}
          {fieldState.error?.message && <div className="field-error">{fieldState.error.message}</div>}
        </div>
      )}
    />
  );
}
