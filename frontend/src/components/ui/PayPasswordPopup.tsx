import { useEffect, useRef, useState, type ReactNode } from "react";
import { NumberKeyboard, PasscodeInput, Popup, type PasscodeInputRef } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { uiMessages } from "./messages";
import "./pay-password.css";

const LENGTH = 6;
const KEYBOARD_CLASS = "pay-password-keyboard";
// antd-mobile's keypad is four rows of 48 px; measured once shown (a phone's safe area adds to it).
const KEYBOARD_HEIGHT = 192;

type Props = {
  visible: boolean;
  /** What is being paid, as the merchant reads it ("Withdrawal", "Upgrade to Gold"). */
  action: ReactNode;
  /** The amount, formatted with its currency (useFormat().money). */
  amount: string;
  onClose: () => void;
  /** Called with the 6 digits; the money call checks them on the server (a wrong one answers code 0). */
  onSubmit: (payPassword: string) => void;
};

/** The keypad's height once shown: the sheet keeps that much room under its content, so the keypad covers none of it. */
function keyboardHeight(): number {
  return document.querySelector(`.${KEYBOARD_CLASS}`)?.getBoundingClientRect().height || KEYBOARD_HEIGHT;
}

/**
 * The payment password for money actions (pick, withdraw, upgrade, promotion): one bottom sheet with a way to cancel,
 * the title, what is paid and the amount, and the six boxes above the number keypad (antd-mobile opens the keypad in
 * its own popup over the bottom of the screen, so the sheet leaves room for it).
 * Pattern: keep `visible` in the screen, and in onSubmit call a mutation made with useMoneyMutation (hooks/), which
 * sends one Idempotency-Key per submit and the same one again after a lost answer, so a retry never pays twice.
 */
export function PayPasswordPopup({ visible, action, amount, onClose, onSubmit }: Props) {
  const [value, setValue] = useState("");
  const [room, setRoom] = useState(KEYBOARD_HEIGHT);
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
      bodyClassName="pay-password"
    >
      <div className="pay-password-head">
        <button type="button" className="pay-password-cancel" onClick={onClose} data-testid="pay-password-cancel">
          <FormattedMessage {...uiMessages.cancel} />
        </button>
        <div className="pay-password-title">
          <FormattedMessage {...uiMessages.payPasswordTitle} />
        </div>
      </div>
      <div className="pay-password-action">{action}</div>
      <div className="pay-password-amount" data-testid="pay-password-amount">
        {amount}
      </div>
      <PasscodeInput
        ref={input}
        length={LENGTH}
        value={value}
        onChange={setValue}
        onFill={onSubmit}
        keyboard={
          <NumberKeyboard className={KEYBOARD_CLASS} showCloseButton={false} afterShow={() => setRoom(keyboardHeight())} />
        }
        seperated
      />
      <div className="pay-password-hint">
        <FormattedMessage {...uiMessages.payPasswordHint} />
      </div>
      <div style={{ height: room }} aria-hidden />
    </Popup>
  );
}
