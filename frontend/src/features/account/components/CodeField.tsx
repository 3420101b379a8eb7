import { Button, Input } from "antd-mobile";
import { useMutation } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/ui/FormField";
import { applyFieldErrors, type Answer } from "@/lib/api";
import { toast } from "@/lib/toast";
import { useCountdown } from "../hooks/useCountdown";
import { argumentMessages, codeStepMessages as m } from "./messages";
import "./account.css";

const RESEND_SECONDS = 60;

type Props<V extends FieldValues> = {
  form: UseFormReturn<V>;
  /** The code's field. */
  name: FieldPath<V>;
  /** The field of the address the code goes to: checked before sending; the server's refusal of it shows on it.
   * None when the code goes to an address the account has (verifying it): `send` is then given "". */
  to?: FieldPath<V>;
  /** Sends a code to the (trimmed) address. */
  send: (address: string) => Promise<Answer<unknown>>;
};

/**
 * The one-time code step of a form (forgotten password, contact change, contact verification): the code's input
 * beside "Send code", which checks the address, sends the code, says the server's message and counts 60 seconds down
 * before a code may be asked again.
 */
export function CodeField<V extends FieldValues>({ form, name, to, send }: Props<V>) {
  const intl = useIntl();
  const sending = useMutation({ mutationFn: send });
  const countdown = useCountdown(RESEND_SECONDS);

  const sendCode = async () => {
    if (to && !(await form.trigger(to))) return;
    sending.mutate(to ? String(form.getValues(to)).trim() : "", {
      onSuccess: ({ msg }) => {
        toast.success(msg);
        countdown.start();
      },
      onError: (error) => applyFieldErrors(error, form.setError, to ? [to] : []),
    });
  };

  return (
    <FormField
      control={form.control}
      name={name}
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
            loading={sending.isPending}
            onClick={() => void sendCode()}
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
  );
}
