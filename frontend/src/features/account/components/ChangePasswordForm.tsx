import { Button, Form, Input } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { applyFieldErrors } from "@/lib/api";
import { clearSession } from "@/lib/session";
import { FormField } from "@/components/ui/FormField";
import { useChangePassword } from "../api";
import { passwordMessages as m } from "./messages";
import { changePasswordSchema } from "./schemas";
import { NewPasswordFields } from "./NewPasswordFields";
import { FactorCodeItem, useFactorCode } from "./FactorCodeItem";
import { useSchema } from "@/hooks/useSchema";
import { toast } from "@/lib/toast";

type Values = z.infer<ReturnType<typeof changePasswordSchema>>;

/**
 * Change the login password (old, new, repeat). The server ends every session of the merchant, so on success
 * the browser session is cleared too and `onChanged` sends the merchant to sign in again. With two-step sign-in on,
 * the code of the authenticator app (or a recovery code) too.
 */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const intl = useIntl();
  const schema = useSchema(changePasswordSchema);
  const { control, handleSubmit, setError } = useForm<Values>({
    mode: "onTouched",
    resolver: zodResolver(schema),
    defaultValues: { old_password: "", password: "", password_confirm: "" },
  });
  const change = useChangePassword();
  const factor = useFactorCode();
  const fields = ["old_password", "password", "password_confirm"] as const;
  const submit = handleSubmit((values) => {
    if (!factor.ready()) return;
    change.mutate(
      { ...values, ...factor.input() },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg);
          clearSession();
          onChanged();
        },
        onError: (error) => {
          applyFieldErrors(error, setError, fields);
          factor.showError(error, fields);
        },
      },
    );
  });
  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={() => void submit()}
      footer={
        <Button block type="submit" color="primary" size="large" loading={change.isPending}>
          <FormattedMessage {...m.save} />
        </Button>
      }
    >
      <FormField
        control={control}
        name="old_password"
        label={<FormattedMessage {...m.old} />}
        render={(field) => (
          <Input {...field} type="password" autoComplete="current-password" placeholder={intl.formatMessage(m.oldPlaceholder)} />
        )}
      />
      <NewPasswordFields control={control} />
      <FactorCodeItem factor={factor} />
    </Form>
  );
}
