import { List } from "antd-mobile";
import { GlobalOutline } from "antd-mobile-icons";
import { FormattedMessage } from "react-intl";
import { useLanguageSheet } from "@/components/ui/LanguagePicker";
import { uiMessages } from "@/components/ui/messages";
import { useSetLanguage } from "../api";

/** A list row with the current language: the whole row opens the language sheet (saved on the server too). */
export function LanguageRow() {
  const setLanguage = useSetLanguage();
  const language = useLanguageSheet((code) => setLanguage.mutate(code));
  return (
    <>
      <List.Item prefix={<GlobalOutline />} extra={language.name} onClick={language.show} data-testid="language-row">
        <FormattedMessage {...uiMessages.language} />
      </List.Item>
      {language.sheet}
    </>
  );
}
