import { Dialog } from "antd-mobile";
import { useIntl, type MessageDescriptor } from "react-intl";
import { uiMessages } from "./messages";

type Options = {
  /** A destructive action (remove, delete): its button is red and says what it does. */
  danger?: MessageDescriptor;
};

/** A translated confirm dialog: `if (await confirm(messages.logoutConfirm)) logout()`. */
export function useConfirm() {
  const intl = useIntl();
  return (content: MessageDescriptor, values?: Record<string, string | number>, options: Options = {}): Promise<boolean> =>
    Dialog.confirm({
      content: intl.formatMessage(content, values),
      confirmText: options.danger ? (
        <span className="dialog-danger" data-testid="confirm-danger">
          {intl.formatMessage(options.danger)}
        </span>
      ) : (
        intl.formatMessage(uiMessages.confirm)
      ),
      cancelText: intl.formatMessage(uiMessages.cancel),
    });
}
