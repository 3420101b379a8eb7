import { useEffect, useRef, useState, type ReactNode } from "react";
import { NumberKeyboard, PasscodeInput, Popup, type PasscodeInputRef } from "antd-mobile";
import { FormattedMessage } from "react-intl";
import { ApiError, isAnswered } from "@/lib/api";
import { uiMessages } from "./messages";
import "./pay-password.css";

const LENGTH = 6;
const KEYBOARD_CLASS = "pay-password-keyboard";
// antd-mobile's keypad is four rows of 48 px; measured once shown (a phone's safe area adds to it).
const KEYBOARD_HEIGHT = 192;
// The server's refusals of the password itself (core.errors.ErrorCode): a wrong one (data.tries_left, also in msg),
// none set yet, or too many wrong ones (locked for a while). The sheet shows them; any other refusal is the caller's.
const PAY_PASSWORD = 1010;
const LOCKED = 1005;

/** A refusal of the payment password itself, which the sheet shows inside it (callers leave it to the sheet). */
export function isPayPasswordRefusal(error: unknown): boolean {
  const code = isAnswered(error) ? (error.data as { error?: unknown } | null)?.error : undefined;
  return code === PAY_PASSWORD || code === LOCKED;
}

type Props = {
  visible: boolean;
  /** What is being paid, as the merchant reads it ("Withdrawal", "Upgrade to Gold"). */
  action: ReactNode;
  /** The amount, formatted with its currency (useFormat().money). */
  amount: string;
  onClose: () => void;
  /** Called with the 6 digits; returns the money call (mutateAsync), which checks them on the server. The caller hides
   * the sheet when it is done. A refused password (isPayPasswordRefusal) keeps the sheet open with the boxes cleared
   * and the server's message (with the tries left) inside it, and no toast; after any other failure the sheet closes
   * (onClose) and the caller's onError says why. */
  onSubmit: (payPassword: string) => Promise<unknown>;
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
  const [refusal, setRefusal] = useState("");
  const [sending, setSending] = useState(false);
  const [room, setRoom] = useState(KEYBOARD_HEIGHT);
  const input = useRef<PasscodeInputRef>(null);
  const submit = (digits: string) => {
    setSending(true);
    setRefusal("");
    onSubmit(digits).then(
      () => setSending(false),
      (error: unknown) => {
        setSending(false);
        if (!isPayPasswordRefusal(error)) {
          onClose();
          return;
        }
        const refused = error as ApiError;
        refused.shownOnFields = true; // shown here: the query client's toast does not repeat it
        setValue("");
        setRefusal(refused.msg);
        input.current?.focus();
      },
    );
  };
  useEffect(() => {
    if (visible) input.current?.focus();
    else {
      setValue("");
      setRefusal("");
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
        onChange={(digits) => {
          if (!sending) setValue(digits);
        }}
        onFill={submit}
        error={refusal !== ""}
        keyboard={
          <NumberKeyboard className={KEYBOARD_CLASS} showCloseButton={false} afterShow={() => setRoom(keyboardHeight())} />
        }
        seperated
      />
      {refusal ? (
        <div className="pay-password-hint pay-password-refusal" role="alert" data-testid="pay-password-refusal">
          {refusal}
        </div>
      ) : (
        <div className="pay-password-hint">
          <FormattedMessage {...uiMessages.payPasswordHint} />
        </div>
      )}
      <div style={{ height: room }} aria-hidden />
    </Popup>
  );
}
