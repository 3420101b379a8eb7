import { useEffect, useRef, useState } from "react";
import { NumberKeyboard, PasscodeInput, Popup, type PasscodeInputRef } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { uiMessages } from "./messages";

const LENGTH = 6;

type Props = {
  visible: boolean;
  onClose: () => void;
  /** Called with the 6 digits; the money call checks them on the server (a wrong one answers code 0). */
  onSubmit: (payPassword: string) => void;
};

/**
 * The payment password for money actions (pick, withdraw, upgrade, promotion): 6 digits on a number keyboard.
 * Pattern: keep `visible` in the screen, and in onSubmit call a mutation made with useMoneyMutation (hooks/), which
 * sends one Idempotency-Key per submit and the same one again after a lost answer, so a retry never pays twice.
 */
export function PayPasswordPopup({ visible, onClose, onSubmit }: Props) {
  const [value, setValue] = useState("");
  const input = useRef<PasscodeInputRef>(null);
  useEffect(() => {
    if (visible) input.current?.focus();
    else {
      setValue("");
      // The number keyboard shows while the input has the focus, in its own popup: without this it would stay
      // over the screen (and over the next one after a navigation) once this popup is closed.
      input.current?.blur();
    }
  }, [visible]);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      // When opened from hidden, the input mounts only after the effect above: focus it again once shown, so the
      // number keyboard opens by itself.
      afterShow={() => input.current?.focus()}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div style={{ padding: "20px 16px 12px", textAlign: "center" }}>
        <div style={{ fontSize: 16, fontWeight: 600, marginBottom: 6 }}>
          <FormattedMessage {...uiMessages.payPasswordTitle} />
        </div>
        <div style={{ color: "var(--adm-color-weak)", fontSize: 13, marginBottom: 16 }}>
          <FormattedMessage {...uiMessages.payPasswordHint} />
        </div>
        <PasscodeInput
          ref={input}
          length={LENGTH}
          value={value}
          onChange={setValue}
          onFill={onSubmit}
          keyboard={<NumberKeyboard showCloseButton={false} />}
          seperated
        />
      </div>
    </Popup>
  );
}
