import { useMemo } from "react";
import { Button, Form, Input, Toast } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { applyFieldErrors } from "@/lib/api";
import { signIn } from "@/lib/session";
import { FormField } from "@/components/ui/FormField";
import { useLogin } from "../api";
import { loginMessages as m } from "./messages";

/** The reference form: zod schema with translated messages, react-hook-form, server field errors on their fields. */
function useLoginSchema() {
  const intl = useIntl();
  return useMemo(
    () =>
      z.object({
        account: z.string().trim().min(1, intl.formatMessage(m.accountRequired)),
        password: z.string().min(1, intl.formatMessage(m.passwordRequired)),
      }),
    [intl],
  );
}

type Values = z.infer<ReturnType<typeof useLoginSchema>>;

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const intl = useIntl();
  const schema = useLoginSchema();
  const { control, handleSubmit, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { account: "", password: "" },
  });
  const login = useLogin();

  const submit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ data, msg }) => {
        signIn(data.merinfo);
        Toast.show({ icon: "success", content: msg });
        onSignedIn();
      },
      // The failure toast with the server msg comes from the query client; field errors go on their fields.
      onError: (error) => applyFieldErrors(error, setError, ["account", "password"]),
    }),
  );

  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={() => void submit()}
      footer={
        <Button block type="submit" color="primary" size="large" loading={login.isPending}>
          <FormattedMessage {...m.submit} />
        </Button>
      }
    >
      <FormField
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
      <FormField
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
    </Form>
  );
}
