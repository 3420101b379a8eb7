import { useEffect } from "react";
import { Button, Form, Input, NoticeBar } from "antd-mobile";
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { applyFieldErrors, type Answer } from "@/lib/api";
import { useSession } from "@/lib/session";
import { FormField } from "@/components/ui/FormField";
import { useUploading } from "@/components/ui/ImageUpload";
import { useRegister, type RegisterAnswer } from "../api";
import { readPartnerLink } from "../partner";
import { codeMessages, registerMessages as m } from "./messages";
import { EMAIL_OPTIONAL_LANGS, registerSchema } from "./schemas";
import { CountryField } from "./CountryField";
import { UploadTile, uploadId } from "./UploadTile";
import { NewPasswordFields } from "./NewPasswordFields";
import { useSchema } from "@/hooks/useSchema";
import "./account.css";

type Values = z.infer<ReturnType<typeof registerSchema>>;

const FIELDS = [
  "logo",
  "shop_name",
  "shop_address",
  "country",
  "phone",
  "real_name",
  "id_front",
  "id_back",
  "id_hand",
  "license",
  "email",
  "password",
  "password_confirm",
  "invite_code",
] as const;

/**
 * The registration form (spec: store logo, name, address, country, phone, real name, ID photos, license, email,
 * password twice, invitation code). Email is optional in Chinese only. Registers through tkregister when the
 * merchant came from a partner app.
 */
export function RegisterForm({
  inviteCode,
  onRegistered,
}: {
  inviteCode: string;
  onRegistered: (answer: Answer<RegisterAnswer>) => void;
}) {
  const intl = useIntl();
  const { lang } = useSession();
  const schema = useSchema((t) => registerSchema(t, lang), lang);
  const emailOptional = EMAIL_OPTIONAL_LANGS.includes(lang);
  const partner = readPartnerLink() !== null;
  const { control, handleSubmit, setError, setValue } = useForm<Values>({
    mode: "onTouched",
    resolver: zodResolver(schema),
    defaultValues: {
      logo: null,
      shop_name: "",
      shop_address: "",
      country: "",
      phone: "",
      real_name: "",
      id_front: null,
      id_back: null,
      id_hand: null,
      license: null,
      email: "",
      password: "",
      password_confirm: "",
      invite_code: inviteCode,
    },
  });
  // Kept alive: a new code from /code (query ?code=) fills the field again.
  useEffect(() => {
    if (inviteCode) setValue("invite_code", inviteCode);
  }, [inviteCode, setValue]);

  const registration = useRegister();
  const uploads = useUploading();
  const tiles = { control, onUploadingChange: uploads.onUploadingChange };
  const submit = handleSubmit((values) =>
    registration.mutate(
      {
        ...values,
        logo: uploadId(values.logo),
        id_front: uploadId(values.id_front),
        id_back: uploadId(values.id_back),
        id_hand: uploadId(values.id_hand),
        license: uploadId(values.license),
      },
      { onSuccess: onRegistered, onError: (error) => applyFieldErrors(error, setError, FIELDS) },
    ),
  );

  const text = (name: "shop_name" | "shop_address" | "real_name", label: MessageDescriptor, hint: MessageDescriptor) => (
    <FormField
      control={control}
      name={name}
      label={<FormattedMessage {...label} />}
      render={(field) => <Input {...field} clearable placeholder={intl.formatMessage(hint)} />}
    />
  );

  return (
    <Form
      layout="vertical"
      mode="card"
      className="register-form"
      onFinish={() => void submit()}
      footer={
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          loading={registration.isPending}
          disabled={uploads.uploading}
        >
          <FormattedMessage {...m.submit} />
        </Button>
      }
    >
      {partner && (
        <NoticeBar color="info" wrap content={<FormattedMessage {...m.partner} />} />
      )}
      <Form.Header>
        <FormattedMessage {...m.sectionShop} />
      </Form.Header>
      <Form.Item label={<FormattedMessage {...m.logo} />}>
        <div className="upload-row">
          <UploadTile {...tiles} name="logo" kind="logo" />
        </div>
      </Form.Item>
      {text("shop_name", m.shopName, m.shopNamePlaceholder)}
      {text("shop_address", m.shopAddress, m.shopAddressPlaceholder)}
      <FormField
        control={control}
        name="country"
        label={<FormattedMessage {...m.country} />}
        render={(field) => <CountryField value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
      />

      <Form.Header>
        <FormattedMessage {...m.sectionOwner} />
      </Form.Header>
      {text("real_name", m.realName, m.realNamePlaceholder)}
      <FormField
        control={control}
        name="phone"
        label={<FormattedMessage {...m.phone} />}
        render={(field) => (
          <Input {...field} type="tel" autoComplete="tel" clearable placeholder={intl.formatMessage(m.phonePlaceholder)} />
        )}
      />
      <Form.Item label={<FormattedMessage {...m.idHint} />}>
        <div className="upload-row">
          <UploadTile {...tiles} name="id_front" kind="id_document" label={m.idFront} />
          <UploadTile {...tiles} name="id_back" kind="id_document" label={m.idBack} />
          <UploadTile {...tiles} name="id_hand" kind="id_document" label={m.idHand} />
          <UploadTile {...tiles} name="license" kind="license" label={m.license} />
        </div>
      </Form.Item>

      <Form.Header>
        <FormattedMessage {...m.sectionAccount} />
      </Form.Header>
      <FormField
        control={control}
        name="email"
        label={<FormattedMessage {...(emailOptional ? m.emailOptional : m.email)} />}
        render={(field) => (
          <Input {...field} inputMode="email" autoComplete="email" clearable placeholder={intl.formatMessage(m.emailPlaceholder)} />
        )}
      />
      <NewPasswordFields
        control={control}
        label={<FormattedMessage {...m.password} />}
        confirmLabel={<FormattedMessage {...m.passwordConfirm} />}
      />
      <FormField
        control={control}
        name="invite_code"
        label={<FormattedMessage {...codeMessages.inviteCode} />}
        render={(field) => (
          <Input {...field} autoComplete="off" clearable placeholder={intl.formatMessage(codeMessages.inviteCodePlaceholder)} />
        )}
      />
    </Form>
  );
}
