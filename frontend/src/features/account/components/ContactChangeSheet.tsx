import { Button, Form, Input, Popup } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { applyFieldErrors } from "@/lib/api";
import { FormField } from "@/components/ui/FormField";
import { useSchema } from "@/hooks/useSchema";
import { toast } from "@/lib/toast";
import { useChangeContact, useSendContactCode, type ContactKind } from "../api";
import { useCountdown } from "../hooks/useCountdown";
import { argumentMessages, contactMessages as m } from "./messages";
import { contactChangeSchema } from "./schemas";
import "./account.css";

type Values = z.infer<ReturnType<typeof contactChangeSchema>>;
const RESEND_SECONDS = 60;

/**
 * Change the account's email or phone: the new address -> a code sent to it (send_contact_code, with a countdown) ->
 * the code and the login password (change_contact). The old address is told by the server; other devices stay
 * signed in.
 */
export function ContactChangeSheet({ kind, open, onClose }: { kind: ContactKind; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const schema = useSchema((t) => contactChangeSchema(t, kind), kind);
  const { control, handleSubmit, setError, getValues, trigger, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { value: "", code: "", password: "" },
  });
  const sendCode = useSendContactCode();
  const change = useChangeContact();
  const countdown = useCountdown(RESEND_SECONDS);
  const email = kind === "email";

  const send = async () => {
    if (!(await trigger("value"))) return;
    sendCode.mutate(
      { kind, value: getValues("value").trim() },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg);
          countdown.start();
        },
        onError: (error) => applyFieldErrors(error, setError, ["value"]),
      },
    );
  };

  const submit = handleSubmit((values) =>
    change.mutate(
      { kind, value: values.value.trim(), code: values.code.trim(), password: values.password },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg);
          reset();
          onClose();
        },
        onError: (error) => applyFieldErrors(error, setError, ["value", "code", "password"]),
      },
    ),
  );

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
        <FormField
          control={control}
          name="password"
          label={<FormattedMessage {...m.password} />}
          render={(field) => (
            <Input {...field} type="password" autoComplete="current-password" placeholder={intl.formatMessage(m.passwordPlaceholder)} />
          )}
        />
      </Form>
    </Popup>
  );
}
