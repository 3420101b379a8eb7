import { useState } from "react";
import { Form } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { ApiError } from "@/lib/api";
import { useSecurity } from "../api";
import { SecondFactorField } from "./SecondFactorField";
import { loginFactorMessages, secondFactorMessages as m } from "./securityMessages";

export type FactorCode = ReturnType<typeof useFactorCode>;

/**
 * The second factor's code of a payment-security form (payment password, login password, contact details), kept
 * beside the form's own fields: asked only while two-step sign-in is on (merchant/security). `field` is the name the
 * server gives it (`code`, or `factor_code` where `code` is another one).
 */
export function useFactorCode(field = "code") {
  const intl = useIntl();
  const { data } = useSecurity();
  const on = data?.second_factor ?? false;
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  return {
    on,
    code,
    error,
    set: (value: string) => {
      setCode(value);
      setError(undefined);
    },
    /** Before sending: false (and the field says why) when it is on and no code was typed. */
    ready(): boolean {
      if (on && !code.trim()) {
        setError(intl.formatMessage(loginFactorMessages.required));
        return false;
      }
      return true;
    },
    /** What to send: {[field]: code} while it is on, nothing otherwise. */
    input(): Record<string, string> {
      return on ? { [field]: code.trim() } : {};
    },
    /** A refusal of the code shows on it; the form's own fields are `shown` by applyFieldErrors. */
    showError(apiError: unknown, shown: readonly string[]) {
      if (!(apiError instanceof ApiError)) return;
      const named = Object.entries(apiError.fieldErrors).filter(([, messages]) => messages.length > 0);
      const mine = named.find(([name]) => name === field);
      if (!mine) return;
      setError(mine[1][0]);
      apiError.shownOnFields = named.every(([name]) => name === field || shown.includes(name));
    },
    reset: () => {
      setCode("");
      setError(undefined);
    },
  };
}

/** The code's form item (antd-mobile Form), shown only while two-step sign-in is on. */
export function FactorCodeItem({ factor }: { factor: FactorCode }) {
  if (!factor.on) return null;
  return (
    <Form.Item
      label={<FormattedMessage {...m.label} />}
      description={factor.error ? <span className="field-error">{factor.error}</span> : null}
    >
      <SecondFactorField value={factor.code} onChange={factor.set} />
    </Form.Item>
  );
}
