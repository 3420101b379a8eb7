import { useState } from "react";
import { Button, Input } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { secondFactorMessages as m } from "./securityMessages";
import "./security.css";

type Props = {
  /** Given by antd-mobile's Form.Item or react-hook-form's Controller. */
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  autoFocus?: boolean;
};

/**
 * The second factor's code (two-step sign-in): the 6 digits the authenticator app shows, or, after "Use a recovery
 * code", one of the recovery codes ("abcd-efgh-jk"); a hint under it says which. The server accepts either in the
 * same field (`code`, or `factor_code` on change_contact), so switching only changes the keyboard and the hint.
 * A controlled input: put it in a Form.Item or a Controller.
 */
export function SecondFactorField({ value = "", onChange, onBlur, id, autoFocus }: Props) {
  const intl = useIntl();
  const [recovery, setRecovery] = useState(false);
  const toggle = () => {
    setRecovery(!recovery);
    onChange?.("");
  };
  return (
    <div className="second-factor-field" data-testid="second-factor-field">
      <Input
        id={id}
        value={value}
        onChange={(next) => onChange?.(recovery ? next : next.replace(/\D/g, ""))}
        onBlur={onBlur}
        autoFocus={autoFocus}
        inputMode={recovery ? "text" : "numeric"}
        autoComplete="one-time-code"
        autoCapitalize="off"
        autoCorrect="off"
        maxLength={recovery ? 14 : 6}
        clearable
        placeholder={intl.formatMessage(recovery ? m.recoveryPlaceholder : m.codePlaceholder)}
      />
      <div className="second-factor-hint">
        <FormattedMessage {...(recovery ? m.recoveryHint : m.codeHint)} />
      </div>
      <Button className="second-factor-switch" fill="none" size="mini" color="primary" onClick={toggle}>
        <FormattedMessage {...(recovery ? m.useApp : m.useRecovery)} />
      </Button>
    </div>
  );
}
