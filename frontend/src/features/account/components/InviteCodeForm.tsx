import { Button, Form, Input } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { applyFieldErrors } from "@/lib/api";
import { FormField } from "@/components/ui/FormField";
import { useVerifyInviteCode } from "../api";
import { codeMessages as m } from "./messages";
import { inviteCodeSchema } from "./schemas";
import { useSchema } from "@/hooks/useSchema";

type Values = z.infer<ReturnType<typeof inviteCodeSchema>>;

/** /code: checks the invitation code (verify_code) and hands the code as stored to the registration form. */
export function InviteCodeForm({ onVerified }: { onVerified: (inviteCode: string) => void }) {
  const intl = useIntl();
  const schema = useSchema(inviteCodeSchema);
  const { control, handleSubmit, setError } = useForm<Values>({
    mode: "onTouched",
    resolver: zodResolver(schema),
    defaultValues: { invite_code: "" },
  });
  const verify = useVerifyInviteCode();
  const submit = handleSubmit((values) =>
    verify.mutate(values.invite_code, {
      onSuccess: (answer) => onVerified(answer.invite_code),
      onError: (error) => applyFieldErrors(error, setError, ["invite_code"]),
    }),
  );
  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={() => void submit()}
      footer={
        <Button block type="submit" color="primary" size="large" loading={verify.isPending}>
          <FormattedMessage {...m.submit} />
        </Button>
      }
    >
      <FormField
        control={control}
        name="invite_code"
        label={<FormattedMessage {...m.inviteCode} />}
        render={(field) => (
          <Input {...field} clearable autoComplete="off" placeholder={intl.formatMessage(m.inviteCodePlaceholder)} />
        )}
      />
    </Form>
  );
}
