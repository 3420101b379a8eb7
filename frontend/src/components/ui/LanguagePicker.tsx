import { lazy, Suspense, useState } from "react";
import { Button } from "antd-mobile";
import { GlobalOutline } from "antd-mobile-icons";
import { FormattedMessage } from "react-intl";
import { languageOf, type LangCode } from "@/lib/intl";
import { updateSession, useSession } from "@/lib/session";
import { uiMessages } from "./messages";

const LanguageSheet = lazy(() => import(/* webpackChunkName: "language-sheet" */ "./LanguageSheet"));

/**
 * The language sheet: `show()` opens it, `sheet` is the element to render, `name` the current language's own name.
 * A choice is saved in localStorage `lang` (the app reloads its texts); `onChange` lets a signed-in screen also save
 * it on the server (GET merchant/set_language). For a control of one's own, such as a whole list row.
 */
export function useLanguageSheet(onChange?: (code: LangCode) => void) {
  const { lang } = useSession();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false); // the sheet's chunk is fetched on the first tap, then kept mounted
  const sheet = opened && (
    <Suspense fallback={null}>
      <LanguageSheet
        visible={open}
        current={lang}
        onClose={() => setOpen(false)}
        onSelect={(code) => {
          setOpen(false);
          updateSession({ lang: code });
          onChange?.(code);
        }}
      />
    </Suspense>
  );
  const show = () => {
    setOpened(true);
    setOpen(true);
  };
  return { name: languageOf(lang).name, show, sheet };
}

/**
 * A button that switches the interface language. Its accessible name is "Language" followed by the language it
 * shows, so it contains its visible text.
 */
export function LanguagePicker({ onChange }: { onChange?: (code: LangCode) => void }) {
  const picker = useLanguageSheet(onChange);
  return (
    <>
      <Button fill="none" size="small" onClick={picker.show}>
        <GlobalOutline aria-hidden />
        <span className="visually-hidden">
          <FormattedMessage {...uiMessages.language} />
        </span>
        <span className="language-picker-name">{picker.name}</span>
      </Button>
      {picker.sheet}
    </>
  );
}
