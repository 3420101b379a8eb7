import { Button, Form, Input, Popup } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { applyFieldErrors } from "@/lib/api";
import { FormField } from "@/components/ui/FormField";
import { useSchema } from "@/hooks/useSchema";
import { toast } from "@/lib/toast";
import { sendContactCode, useChangeContact, type ContactKind } from "../api";
import { CodeField } from "./CodeField";
import { contactMessages as m } from "./messages";
import { contactChangeSchema } from "./schemas";
import { FactorCodeItem, useFactorCode } from "./FactorCodeItem";
import "./account.css";

type Values = z.infer<ReturnType<typeof contactChangeSchema>>;

/**
 * Change the account's email or phone: the new address -> a code sent to it (send_contact_code, CodeField) ->
 * the code and the login password (change_contact), and with two-step sign-in on, its code (`factor_code`). The old
 * address is told by the server; other devices stay signed in.
 */
export function ContactChangeSheet({ kind, open, onClose }: { kind: ContactKind; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const schema = useSchema((t) => contactChangeSchema(t, kind), kind);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { value: "", code: "", password: "" },
  });
  const { control, handleSubmit, setError, reset } = form;
  const change = useChangeContact();
  const email = kind === "email";
  const factor = useFactorCode("factor_code");
  const fields = ["value", "code", "password"] as const;

  const submit = handleSubmit((values) => {
    if (!factor.ready()) return;
    change.mutate(
      { kind, value: values.value.trim(), code: values.code.trim(), password: values.password, ...factor.input() },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg);
          reset();
          factor.reset();
          onClose();
        },
        onError: (error) => {
          applyFieldErrors(error, setError, fields);
          factor.showError(error, fields);
        },
      },
    );
  });

  return (
    <Popup visible={open} onMaskClick={onClose} destroyOnClose bodyClassName="contact-sheet">
      <h3 className="avatar-sheet-title">
        <FormattedMessage {...(email ? m.changeEmail : m.changePhone)} />
      </h3>
      <p className="avatar-sheet-hint">
        <FormattedMessage {...m.hint} />
      </p>
      <Form
        layout="vertical"
        onFinish={() => void submit()}
        footer={
          <Button block type="submit" color="primary" size="large" loading={change.isPending}>
            <FormattedMessage {...m.save} />
          </Button>
        }
      >
        <FormField
          control={control}
          name="value"
          label={<FormattedMessage {...(email ? m.newEmail : m.newPhone)} />}
          render={(field) => (
            <Input
              {...field}
              type={email ? "email" : "tel"}
              autoComplete={email ? "email" : "tel"}
              clearable
              placeholder={intl.formatMessage(email ? m.newEmailPlaceholder : m.newPhonePlaceholder)}
            />
          )}
        />
        <CodeField form={form} name="code" to="value" send={(value) => sendContactCode({ kind, value })} />
        <FormField
          control={control}
          name="password"
          label={<FormattedMessage {...m.password} />}
          render={(field) => (
            <Input {...field} type="password" autoComplete="current-password" placeholder={intl.formatMessage(m.passwordPlaceholder)} />
          )}
        />
        <FactorCodeItem factor={factor} />
      </Form>
    </Popup>
  );
}
