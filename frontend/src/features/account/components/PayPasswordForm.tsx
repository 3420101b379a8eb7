import { Button, Form, Input, Selector } from "antd-mobile";
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { applyFieldErrors } from "@/lib/api";
import { FormField } from "@/components/ui/FormField";
import { useSavePayPassword, type PayPasswordInput } from "../api";
import { payMessages as m, passwordMessages } from "./messages";
import { payPasswordSchema } from "./schemas";
import { FactorCodeItem, useFactorCode } from "./FactorCodeItem";
import { useSchema } from "@/hooks/useSchema";
import { toast } from "@/lib/toast";

type Values = z.infer<ReturnType<typeof payPasswordSchema>>;

const EMPTY: Values = { via: "old", old_pay_password: "", password: "", pay_password: "", pay_password_confirm: "" };
const digits = (value: string) => value.replace(/\D/g, "").slice(0, 6);

/**
 * Set (first time) or change (`changing`) the 6-digit payment password, entered twice. Changing is confirmed
 * with the current payment password or, when forgotten, the login password. With two-step sign-in on, setting or
 * changing it also asks the code of the authenticator app (or a recovery code).
 */
export function PayPasswordForm({ changing, onSaved }: { changing: boolean; onSaved: () => void }) {
  const intl = useIntl();
  const schema = useSchema((t) => payPasswordSchema(t, changing), changing);
  const { control, handleSubmit, setError, reset } = useForm<Values>({
    mode: "onTouched",
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const via = useWatch({ control, name: "via" });
  const save = useSavePayPassword();
  const factor = useFactorCode();
  const fields = ["old_pay_password", "password", "pay_password", "pay_password_confirm"] as const;

  const submit = handleSubmit((values) => {
    if (!factor.ready()) return;
    const input: PayPasswordInput = {
      pay_password: values.pay_password,
      pay_password_confirm: values.pay_password_confirm,
      ...factor.input(),
    };
    if (changing && values.via === "old") input.old_pay_password = values.old_pay_password;
    if (changing && values.via === "login") input.password = values.password;
    save.mutate(input, {
      onSuccess: ({ msg }) => {
        toast.success(msg);
        reset(EMPTY); // kept alive: no digits left in the form
        factor.reset();
        onSaved();
      },
      onError: (error) => {
        applyFieldErrors(error, setError, fields);
        factor.showError(error, fields);
      },
    });
  });

  // Six digits on a number pad; anything else typed is dropped.
  const sixDigits =
    (placeholder: MessageDescriptor = m.placeholder) =>
    (field: { value: string; onChange: (value: string) => void; onBlur: () => void }) => (
      <Input
        value={field.value}
        onChange={(value) => field.onChange(digits(value))}
        onBlur={field.onBlur}
        type="password"
        inputMode="numeric"
        maxLength={6}
        autoComplete="off"
        placeholder={intl.formatMessage(placeholder)}
      />
    );

  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={() => void submit()}
      footer={
        <Button block type="submit" color="primary" size="large" loading={save.isPending}>
          <FormattedMessage {...passwordMessages.save} />
        </Button>
      }
    >
      {changing && (
        <>
          <FormField
            control={control}
            name="via"
            label={<FormattedMessage {...m.verifyWith} />}
            render={(field) => (
              <Selector
                columns={2}
                value={[field.value]}
                onChange={(value) => value[0] && field.onChange(value[0])}
                options={[
                  { value: "old", label: intl.formatMessage(m.withOld) },
                  { value: "login", label: intl.formatMessage(m.withLogin) },
                ]}
              />
            )}
          />
          {via === "old" ? (
            <FormField
              control={control}
              name="old_pay_password"
              label={<FormattedMessage {...m.withOld} />}
              render={sixDigits()}
            />
          ) : (
            <FormField
              control={control}
              name="password"
              label={<FormattedMessage {...m.withLogin} />}
              render={(field) => (
                <Input
                  {...field}
                  type="password"
                  autoComplete="current-password"
                  placeholder={intl.formatMessage(m.loginPlaceholder)}
                />
              )}
            />
          )}
        </>
      )}
      <FormField
        control={control}
        name="pay_password"
        label={<FormattedMessage {...(changing ? m.newPassword : m.password)} />}
        render={sixDigits()}
      />
      <FormField
        control={control}
        name="pay_password_confirm"
        label={<FormattedMessage {...m.repeat} />}
        render={sixDigits(m.repeatPlaceholder)}
      />
      <FactorCodeItem factor={factor} />
    </Form>
  );
}
