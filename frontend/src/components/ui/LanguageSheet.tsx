import { ActionSheet } from "antd-mobile";
import { useIntl } from "react-intl";
import { LANGUAGES, type LangCode } from "@/lib/intl";
import { uiMessages } from "./messages";

type Props = { visible: boolean; current: LangCode; onClose: () => void; onSelect: (code: LangCode) => void };

/** LanguagePicker's sheet, its own chunk: the popup and its gesture library load when the button is first tapped. */
export default function LanguageSheet({ visible, current, onClose, onSelect }: Props) {
  const intl = useIntl();
  return (
    <ActionSheet
      visible={visible}
      onClose={onClose}
      cancelText={intl.formatMessage(uiMessages.cancel)}
      actions={LANGUAGES.map((language) => ({
        key: language.code,
        // Each language's own name, in that language: not translated, and read by screen readers in its language.
        text: (
          <span lang={language.tag} translate="no">
            {language.name}
          </span>
        ),
        bold: language.code === current,
        onClick: () => onSelect(language.code),
      }))}
    />
  );
}
