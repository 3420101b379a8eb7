import { lazy, Suspense, useState } from "react";
import { Button } from "antd-mobile";
import { GlobalOutline } from "antd-mobile-icons";
import { FormattedMessage } from "react-intl";
import { languageOf, type LangCode } from "@/lib/intl";
import { updateSession, useSession } from "@/lib/session";
import { uiMessages } from "./messages";

const LanguageSheet = lazy(() => import(/* webpackChunkName: "language-sheet" */ "./LanguageSheet"));

/**
 * Switches the interface language (saved in localStorage `lang`; the app reloads its texts).
 * `onChange` lets a signed-in screen also save it on the server (GET merchant/set_language).
 * The button's accessible name is "Language" followed by the language it shows, so it contains its visible text.
 */
export function LanguagePicker({ onChange }: { onChange?: (code: LangCode) => void }) {
  const { lang } = useSession();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false); // the sheet's chunk is fetched on the first tap, then kept mounted
  return (
    <>
      <Button
        fill="none"
        size="small"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <GlobalOutline aria-hidden />
        <span className="visually-hidden">
          <FormattedMessage {...uiMessages.language} />
        </span>
        <span className="language-picker-name">{languageOf(lang).name}</span>
      </Button>
      {opened && (
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
      )}
    </>
  );
}
