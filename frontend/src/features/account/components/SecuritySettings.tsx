import { useState, type ReactNode } from "react";
import { Button, Form, Input, List, Skeleton, Tag } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { CopyButton } from "@/components/ui/CopyButton";
import { ApiError } from "@/lib/api";
import { toast } from "@/lib/toast";
import { useRecoveryCodes, useSecurity, useTotpConfirm, useTotpOff, useTotpStart } from "../api";
import { SecondFactorField } from "./SecondFactorField";
import { loginFactorMessages, securityMessages as m, secondFactorMessages as f } from "./securityMessages";
import "./security.css";

type Step =
  | { name: "state" }
  | { name: "password" }
  | { name: "scan"; key: string; qr: string }
  | { name: "codes"; codes: string[] }
  | { name: "renew" }
  | { name: "off" };

type Errors = Record<string, string | undefined>;

/** The server's refusal of `fields` shown on them (then no toast repeats it); anything else is the toast's. */
function fieldErrors(error: unknown, fields: string[]): Errors {
  if (!(error instanceof ApiError)) return {};
  const named = Object.entries(error.fieldErrors).filter(([, messages]) => messages.length > 0);
  const shown = named.filter(([name]) => fields.includes(name));
  error.shownOnFields = shown.length > 0 && shown.length === named.length;
  return Object.fromEntries(shown.map(([name, messages]) => [name, messages[0]]));
}

const describe = (message?: string) => (message ? <span className="field-error">{message}</span> : null);

/**
 * /security: two-step sign-in. Off: what it does and "Turn on" -> the login password -> the QR code and the key as
 * text (with Copy) and the first code -> the recovery codes, shown once (Copy, "I saved them"). On: the recovery
 * codes left, "New recovery codes" (a code) and "Turn off" (the login password and a code).
 */
export function SecuritySettings() {
  const { data: state } = useSecurity();
  const [step, setStep] = useState<Step>({ name: "state" });
  const done = () => setStep({ name: "state" });

  if (!state) return <Skeleton.Paragraph lineCount={4} animated className="security-skeleton" />;
  switch (step.name) {
    case "password":
      return <PasswordStep onStarted={(key, qr) => setStep({ name: "scan", key, qr })} onCancel={done} />;
    case "scan":
      return <ScanStep secret={step.key} qr={step.qr} onOn={(codes) => setStep({ name: "codes", codes })} onCancel={done} />;
    case "codes":
      return <CodesStep codes={step.codes} onSaved={done} />;
    case "renew":
      return <RenewStep onMade={(codes) => setStep({ name: "codes", codes })} onCancel={done} />;
    case "off":
      return <OffStep onOff={done} onCancel={done} />;
    default:
      break;
  }
  return (
    <div data-testid="security">
      <List mode="card">
        <List.Item
          extra={
            <Tag color={state.second_factor ? "success" : "default"} fill="outline" data-testid="two-step-state">
              <FormattedMessage {...(state.second_factor ? m.on : m.off)} />
            </Tag>
          }
          description={<FormattedMessage {...(state.second_factor ? m.onIntro : m.offIntro)} />}
        >
          <FormattedMessage {...m.twoStep} />
        </List.Item>
        {state.second_factor && (
          <List.Item extra={<span data-testid="codes-left">{state.recovery_codes_left}</span>}>
            <FormattedMessage {...m.codesLeft} />
          </List.Item>
        )}
      </List>
      <div className="security-actions">
        {state.second_factor ? (
          <>
            <Button block size="large" onClick={() => setStep({ name: "renew" })}>
              <FormattedMessage {...m.newCodes} />
            </Button>
            <Button block size="large" color="danger" fill="outline" onClick={() => setStep({ name: "off" })}>
              <FormattedMessage {...m.turnOff} />
            </Button>
          </>
        ) : (
          <Button block size="large" color="primary" onClick={() => setStep({ name: "password" })}>
            <FormattedMessage {...m.turnOn} />
          </Button>
        )}
      </div>
    </div>
  );
}

function StepForm({
  intro,
  children,
  submit,
  pending,
  onSubmit,
  onCancel,
}: {
  intro: ReactNode;
  children: ReactNode;
  submit: ReactNode;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  return (
    <Form
      layout="vertical"
      mode="card"
      onFinish={onSubmit}
      footer={
        <div className="security-step-buttons">
          <Button block type="submit" color="primary" size="large" loading={pending}>
            {submit}
          </Button>
          <Button block size="large" onClick={onCancel}>
            <FormattedMessage {...m.cancel} />
          </Button>
        </div>
      }
    >
      <Form.Header>
        <span className="security-step-intro">{intro}</span>
      </Form.Header>
      {children}
    </Form>
  );
}

function PasswordInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const intl = useIntl();
  return (
    <Input
      value={value}
      onChange={onChange}
      type="password"
      autoComplete="current-password"
      placeholder={intl.formatMessage(m.loginPasswordPlaceholder)}
    />
  );
}

function PasswordStep({ onStarted, onCancel }: { onStarted: (key: string, qr: string) => void; onCancel: () => void }) {
  const intl = useIntl();
  const start = useTotpStart();
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const submit = () => {
    if (!password) return setErrors({ password: intl.formatMessage(m.passwordRequired) });
    start.mutate(password, {
      onSuccess: ({ data }) => onStarted(data.key, data.qr),
      onError: (error) => setErrors(fieldErrors(error, ["password"])),
    });
  };
  return (
    <StepForm
      intro={<FormattedMessage {...m.passwordStep} />}
      submit={<FormattedMessage {...m.continue} />}
      pending={start.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Form.Item label={<FormattedMessage {...m.loginPassword} />} description={describe(errors.password)}>
        <PasswordInput value={password} onChange={setPassword} />
      </Form.Item>
    </StepForm>
  );
}

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (key: string) => key.match(/.{1,4}/g)?.join(" ") ?? key;

function ScanStep({
  secret,
  qr,
  onOn,
  onCancel,
}: {
  secret: string;
  qr: string;
  onOn: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const confirm = useTotpConfirm();
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const submit = () => {
    if (code.length !== 6) return setErrors({ code: intl.formatMessage(m.codeRequired) });
    confirm.mutate(code, {
      onSuccess: ({ data, msg }) => {
        toast.success(msg);
        onOn(data.recovery_codes);
      },
      onError: (error) => setErrors(fieldErrors(error, ["code"])),
    });
  };
  return (
    <StepForm
      intro={<FormattedMessage {...m.scan} />}
      submit={<FormattedMessage {...m.confirm} />}
      pending={confirm.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <div className="security-qr">
        <img src={qr} alt={intl.formatMessage(m.qrAlt)} width={200} height={200} />
      </div>
      <div className="security-key">
        <p>
          <FormattedMessage {...m.keyHint} />
        </p>
        <div className="security-key-row">
          <code data-testid="totp-key">{grouped(secret)}</code>
          <CopyButton text={secret} />
        </div>
      </div>
      <Form.Item label={<FormattedMessage {...m.enterCode} />} description={describe(errors.code)}>
        <Input
          value={code}
          onChange={(value) => setCode(value.replace(/\D/g, "").slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={intl.formatMessage(f.codePlaceholder)}
        />
      </Form.Item>
    </StepForm>
  );
}

function CodesStep({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <div className="security-codes" data-testid="recovery-codes">
      <h3>
        <FormattedMessage {...m.codesTitle} />
      </h3>
      <p className="security-step-intro">
        <FormattedMessage {...m.codesHint} />
      </p>
      <ol className="security-code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="security-codes-copy">
        <CopyButton text={codes.join("\n")} />
      </div>
      <Button block color="primary" size="large" onClick={onSaved}>
        <FormattedMessage {...m.saved} />
      </Button>
    </div>
  );
}

function RenewStep({ onMade, onCancel }: { onMade: (codes: string[]) => void; onCancel: () => void }) {
  const intl = useIntl();
  const renew = useRecoveryCodes();
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const submit = () => {
    if (!code.trim()) return setErrors({ code: intl.formatMessage(loginFactorMessages.required) });
    renew.mutate(code.trim(), {
      onSuccess: ({ data, msg }) => {
        toast.success(msg);
        onMade(data.recovery_codes);
      },
      onError: (error) => setErrors(fieldErrors(error, ["code"])),
    });
  };
  return (
    <StepForm
      intro={<FormattedMessage {...m.newCodesHint} />}
      submit={<FormattedMessage {...m.make} />}
      pending={renew.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Form.Item label={<FormattedMessage {...f.label} />} description={describe(errors.code)}>
        <SecondFactorField value={code} onChange={setCode} />
      </Form.Item>
    </StepForm>
  );
}

function OffStep({ onOff, onCancel }: { onOff: () => void; onCancel: () => void }) {
  const intl = useIntl();
  const off = useTotpOff();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const submit = () => {
    const missing: Errors = {
      password: password ? undefined : intl.formatMessage(m.passwordRequired),
      code: code.trim() ? undefined : intl.formatMessage(loginFactorMessages.required),
    };
    if (missing.password || missing.code) return setErrors(missing);
    off.mutate(
      { password, code: code.trim() },
      {
        onSuccess: ({ msg }) => {
          toast.success(msg);
          onOff();
        },
        onError: (error) => setErrors(fieldErrors(error, ["password", "code"])),
      },
    );
  };
  return (
    <StepForm
      intro={<FormattedMessage {...m.turnOffHint} />}
      submit={<FormattedMessage {...m.confirmOff} />}
      pending={off.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Form.Item label={<FormattedMessage {...m.loginPassword} />} description={describe(errors.password)}>
        <PasswordInput value={password} onChange={setPassword} />
      </Form.Item>
      <Form.Item label={<FormattedMessage {...f.label} />} description={describe(errors.code)}>
        <SecondFactorField value={code} onChange={setCode} />
      </Form.Item>
    </StepForm>
  );
}
