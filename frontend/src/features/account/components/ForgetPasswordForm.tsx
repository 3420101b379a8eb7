import { Button, Form, Input } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { applyFieldErrors } from "@/lib/api";
import { FormField } from "@/components/ui/FormField";
import { useResetPassword, useSendResetCode } from "../api";
import { useCountdown } from "../hooks/useCountdown";
import { argumentMessages, forgetMessages as m, loginMessages } from "./messages";
import { resetPasswordSchema } from "./schemas";
import { NewPasswordFields } from "./NewPasswordFields";
import { useSchema } from "@/hooks/useSchema";
import { toast } from "@/lib/toast";
import "./account.css";

type Values = z.infer<ReturnType<typeof resetPasswordSchema>>;
const RESEND_SECONDS = 60;

/** Forgotten password: account (phone or email) -> one-time code (send_code, with a countdown) -> new password twice. */
export function ForgetPasswordForm({ onReset }: { onReset: () => void }) {
  const intl = useIntl();
  const schema = useSchema(resetPasswordSchema);
  // Checked on Send and on submit, then as the merchant types (react-hook-form's default), not on blur: with
  // "onTouched", the blur of the account field as "Send code" is tapped swallowed the tap (no code was sent).
  const { control, handleSubmit, setError, getValues, trigger } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { account: "", code: "", password: "", password_confirm: "" },
  });
  const sendCode = useSendResetCode();
  const reset = useResetPassword();
  const countdown = useCountdown(RESEND_SECONDS);

  const send = async () => {
    if (!(await trigger("account"))) return;
    sendCode.mutate(getValues("account").trim(), {
      onSuccess: ({ msg }) => {
        toast.success(msg);
        countdown.start();
      },
      onError: (error) => applyFieldErrors(error, setError, ["account"]),
    });
  };

  const submit = handleSubmit((values) =>
    reset.mutate(
      { ...values, account: values.account.trim(), code: values.code.trim() },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg);
          onReset();
        },
        onError: (error) => applyFieldErrors(error, setError, ["account", "code", "password", "password_confirm"]),
      },
    ),
  );

  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={() => void submit()}
      footer={
        <Button block type="submit" color="primary" size="large" loading={reset.isPending}>
          <FormattedMessage {...m.submit} />
        </Button>
      }
    >
      <FormField
        control={control}
        name="account"
        label={<FormattedMessage {...loginMessages.account} />}
        render={(field) => (
          <Input {...field} autoComplete="username" clearable placeholder={intl.formatMessage(loginMessages.accountPlaceholder)} />
        )}
      />
      <FormField
        control={control}
        name="code"
        label={<FormattedMessage {...m.code} />}
        render={(field) => (
          <div className="code-row">
            <Input
              {...field}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              placeholder={intl.formatMessage(m.codePlaceholder)}
            />
            <Button
              size="small"
              color="primary"
              fill="outline"
              disabled={countdown.running}
              loading={sendCode.isPending}
              onClick={() => void send()}
            >
              {countdown.running ? (
                intl.formatMessage(argumentMessages.resend, { seconds: countdown.left })
              ) : (
                <FormattedMessage {...m.send} />
              )}
            </Button>
          </div>
        )}
      />
      <NewPasswordFields control={control} />
    </Form>
  );
}
