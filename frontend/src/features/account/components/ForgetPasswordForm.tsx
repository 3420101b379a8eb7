import { Button, Form, Input } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { applyFieldErrors } from "@/lib/api";
import { FormField } from "@/components/ui/FormField";
import { sendResetCode, useResetPassword } from "../api";
import { CodeField } from "./CodeField";
import { forgetMessages as m, loginMessages } from "./messages";
import { resetPasswordSchema } from "./schemas";
import { NewPasswordFields } from "./NewPasswordFields";
import { useSchema } from "@/hooks/useSchema";
import { toast } from "@/lib/toast";
import "./account.css";

type Values = z.infer<ReturnType<typeof resetPasswordSchema>>;

/** Forgotten password: account (phone or email) -> one-time code (send_code, CodeField) -> new password twice. */
export function ForgetPasswordForm({ onReset }: { onReset: () => void }) {
  const intl = useIntl();
  const schema = useSchema(resetPasswordSchema);
  // Checked on Send and on submit, then as the merchant types (react-hook-form's default), not on blur: with
  // "onTouched", the blur of the account field as "Send code" is tapped swallowed the tap (no code was sent).
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { account: "", code: "", password: "", password_confirm: "" },
  });
  const { control, handleSubmit, setError } = form;
  const reset = useResetPassword();

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
      <CodeField form={form} name="code" to="account" send={sendResetCode} />
      <NewPasswordFields control={control} />
    </Form>
  );
}
