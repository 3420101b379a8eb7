import { Dialog } from "antd-mobile";
import { useIntl, type MessageDescriptor } from "react-intl";
import { uiMessages } from "./messages";

/** A translated confirm dialog: `if (await confirm(messages.logoutConfirm)) logout()`. */
export function useConfirm() {
  const intl = useIntl();
  return (content: MessageDescriptor, values?: Record<string, string | number>): Promise<boolean> =>
    Dialog.confirm({
      content: intl.formatMessage(content, values),
      confirmText: intl.formatMessage(uiMessages.confirm),
      cancelText: intl.formatMessage(uiMessages.cancel),
    });
}
