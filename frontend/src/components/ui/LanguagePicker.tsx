import { useState } from "react";
import { ActionSheet, Button } from "antd-mobile";
import { GlobalOutline } from "antd-mobile-icons";
import { useIntl } from "react-intl";
import { LANGUAGES, languageOf, type LangCode } from "@/lib/intl";
import { updateSession, useSession } from "@/lib/session";
import { uiMessages } from "./messages";

/**
 * Switches the interface language (saved in localStorage `lang`; the app reloads its texts).
 * `onChange` lets a signed-in screen also save it on the server (GET merchant/set_language).
 */
export function LanguagePicker({ onChange }: { onChange?: (code: LangCode) => void }) {
  const intl = useIntl();
  const { lang } = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button fill="none" size="small" onClick={() => setOpen(true)} aria-label={intl.formatMessage(uiMessages.language)}>
        <GlobalOutline /> {languageOf(lang).name}
      </Button>
      <ActionSheet
        visible={open}
        onClose={() => setOpen(false)}
        cancelText={intl.formatMessage(uiMessages.cancel)}
        actions={LANGUAGES.map((language) => ({
          key: language.code,
          text: language.name,
          bold: language.code === lang,
          onClick: () => {
            setOpen(false);
            updateSession({ lang: language.code });
            onChange?.(language.code);
          },
        }))}
      />
    </>
  );
}
