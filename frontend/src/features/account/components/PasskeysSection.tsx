import { useState } from "react";
import { Button, Form, Input, List, Popup } from "antd-mobile";
import { AddOutline } from "antd-mobile-icons";
import { FormattedMessage, useIntl } from "react-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { applyFieldErrors } from "@/lib/api";
import { FormField } from "@/components/ui/FormField";
import { QueryState } from "@/components/ui/QueryState";
import { useSchema } from "@/hooks/useSchema";
import { useFormat } from "@/lib/money";
import { toast } from "@/lib/toast";
import { useAddPasskey, useMakePasskey, usePasskeys, useRemovePasskey, type Passkey } from "../api";
import { passkeysSupported, type PasskeyCredentialJSON } from "../passkey";
import { passkeyArgumentMessages as a, passkeyMessages as m } from "./passkeyMessages";
import { passkeyPasswordSchema } from "./schemas";
import "./account.css";
import "./passkeys.css";
import { usePasskeyCancelled } from "./usePasskeyCancelled";

type PasswordValues = z.infer<ReturnType<typeof passkeyPasswordSchema>>;

/** The merchant's passkeys: the list (name, added, last used), Add a passkey, Remove (each with the login password). */
export function PasskeysSection() {
  const query = usePasskeys();
  const format = useFormat();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = passkeysSupported();
  return (
    <div className="passkeys" data-testid="passkeys">
      <p className="passkeys-intro">
        <FormattedMessage {...m.intro} />
      </p>
      <QueryState query={query} lines={3}>
        {({ list }) => (
          <List mode="card" header={<FormattedMessage {...m.title} />}>
            {list.length === 0 && (
              <List.Item className="passkeys-none">
                <FormattedMessage {...m.none} />
              </List.Item>
            )}
            {list.map((passkey) => (
              <List.Item
                key={passkey.id}
                data-testid="passkey"
                description={
                  <>
                    <FormattedMessage {...a.added} values={{ date: format.dateTime(passkey.created_at) }} />
                    <br />
                    {passkey.last_used_at ? (
                      <FormattedMessage {...a.lastUsed} values={{ date: format.dateTime(passkey.last_used_at) }} />
                    ) : (
                      <FormattedMessage {...m.neverUsed} />
                    )}
                  </>
                }
                extra={
                  <Button size="small" color="danger" fill="outline" onClick={() => setRemoving(passkey)}>
                    <FormattedMessage {...m.remove} />
                  </Button>
                }
              >
                <span translate="no">{passkey.name}</span>
              </List.Item>
            ))}
            {supported ? (
              <List.Item prefix={<AddOutline />} onClick={() => setAdding(true)} data-testid="passkey-add">
                <FormattedMessage {...m.add} />
              </List.Item>
            ) : (
              <List.Item className="passkeys-none">
                <FormattedMessage {...m.unsupported} />
              </List.Item>
            )}
          </List>
        )}
      </QueryState>
      <AddPasskeySheet open={adding} onClose={() => setAdding(false)} />
      <RemovePasskeySheet passkey={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

function PasswordField({ control }: { control: ReturnType<typeof useForm<PasswordValues>>["control"] }) {
  const intl = useIntl();
  return (
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
  );
}

/** Add a passkey: the login password -> the browser's prompt -> a name -> saved. */
function AddPasskeySheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const schema = useSchema(passkeyPasswordSchema);
  const { control, handleSubmit, setError, reset } = useForm<PasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: "" },
  });
  const [credential, setCredential] = useState<PasskeyCredentialJSON | null>(null);
  const [name, setName] = useState("");
  const make = useMakePasskey();
  const add = useAddPasskey();
  const cancelled = usePasskeyCancelled();

  const close = () => {
    reset();
    setCredential(null);
    setName("");
    onClose();
  };
  const submitPassword = handleSubmit((values) =>
    make.mutate(values.password, {
      onSuccess: setCredential,
      onError: (error) => cancelled(error) || applyFieldErrors(error, setError, ["password"]),
    }),
  );
  const save = () => {
    if (!credential) return;
    add.mutate(
      { credential, name: name.trim() },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg);
          close();
        },
        onError: () => setCredential(null), // the challenge is spent: start again from the password
      },
    );
  };

  return (
    <Popup visible={open} onMaskClick={close} destroyOnClose bodyClassName="contact-sheet">
      <h3 className="avatar-sheet-title">
        <FormattedMessage {...m.add} />
      </h3>
      {credential === null ? (
        <>
          <p className="avatar-sheet-hint">
            <FormattedMessage {...m.passwordHint} />
          </p>
          <Form
            layout="vertical"
            onFinish={() => void submitPassword()}
            footer={
              <Button block type="submit" color="primary" size="large" loading={make.isPending}>
                <FormattedMessage {...m.continue} />
              </Button>
            }
          >
            <PasswordField control={control} />
          </Form>
        </>
      ) : (
        <>
          <p className="avatar-sheet-hint">
            <FormattedMessage {...m.nameHint} />
          </p>
          <Form
            layout="vertical"
            onFinish={save}
            footer={
              <Button block type="submit" color="primary" size="large" loading={add.isPending}>
                <FormattedMessage {...m.save} />
              </Button>
            }
          >
            <Form.Item label={<FormattedMessage {...m.name} />}>
              <Input
                value={name}
                onChange={setName}
                maxLength={64}
                clearable
                placeholder={intl.formatMessage(m.namePlaceholder)}
                data-testid="passkey-name"
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Popup>
  );
}

/** Remove a passkey, with the login password. */
function RemovePasskeySheet({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const schema = useSchema(passkeyPasswordSchema);
  const { control, handleSubmit, setError, reset } = useForm<PasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: "" },
  });
  const remove = useRemovePasskey();
  const close = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit((values) => {
    if (!passkey) return;
    remove.mutate(
      { id: passkey.id, password: values.password },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg);
          close();
        },
        onError: (error) => applyFieldErrors(error, setError, ["password"]),
      },
    );
  });
  return (
    <Popup visible={passkey !== null} onMaskClick={close} destroyOnClose bodyClassName="contact-sheet">
      <h3 className="avatar-sheet-title">
        <FormattedMessage {...a.removeTitle} values={{ name: passkey?.name ?? "" }} />
      </h3>
      <Form
        layout="vertical"
        onFinish={() => void submit()}
        footer={
          <Button block type="submit" color="danger" size="large" loading={remove.isPending}>
            <FormattedMessage {...m.remove} />
          </Button>
        }
      >
        <PasswordField control={control} />
      </Form>
    </Popup>
  );
}
