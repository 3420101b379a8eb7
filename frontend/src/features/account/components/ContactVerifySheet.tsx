import { Button, Form, Popup } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { uiMessages } from "@/components/ui/messages";
import { applyFieldErrors } from "@/lib/api";
import { useSchema } from "@/hooks/useSchema";
import { toast } from "@/lib/toast";
import { sendVerifyCode, useVerifyContact, type ContactKind } from "../api";
import { maskAddress } from "../mask";
import { CodeField } from "./CodeField";
import { verifyArgumentMessages, verifyMessages as m } from "./messages";
import { verifyContactSchema } from "./schemas";
import "./account.css";

type Values = z.infer<ReturnType<typeof verifyContactSchema>>;

/**
 * Verify the account's current phone or email: a code sent to it (send_verify_code, CodeField with its countdown),
 * then the code (verify_contact); the summary the answer carries turns the row's tag to "Verified".
 */
export function ContactVerifySheet({
  kind,
  address,
  open,
  onClose,
}: {
  kind: ContactKind;
  address: string;
  open: boolean;
  onClose: () => void;
}) {
  const schema = useSchema(verifyContactSchema);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { code: "" } });
  const { handleSubmit, setError, reset } = form;
  const verify = useVerifyContact();

  const submit = handleSubmit((values) =>
    verify.mutate(
      { kind, code: values.code.trim() },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg);
          reset();
          onClose();
        },
        onError: (error) => applyFieldErrors(error, setError, ["code"]),
      },
    ),
  );

  return (
    <Popup visible={open} onMaskClick={onClose} destroyOnClose bodyClassName="contact-sheet verify-sheet">
      <h3 className="avatar-sheet-title">
        <FormattedMessage {...(kind === "email" ? m.titleEmail : m.titlePhone)} />
      </h3>
      <p className="avatar-sheet-hint">
        <FormattedMessage
          {...verifyArgumentMessages.hint}
          values={{ address: <span translate="no" className="verify-address">{maskAddress(kind, address)}</span> }}
        />
      </p>
      <Form
        layout="vertical"
        onFinish={() => void submit()}
        footer={
          <Button block type="submit" color="primary" size="large" loading={verify.isPending}>
            <FormattedMessage {...uiMessages.confirm} />
          </Button>
        }
      >
        <CodeField form={form} name="code" send={() => sendVerifyCode({ kind })} />
      </Form>
    </Popup>
  );
}
