import { useEffect, useState, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { ConfigProvider, setDefaultConfig, SpinLoading } from "antd-mobile";
import type { Locale } from "antd-mobile/es/locales/base";
import { useSession } from "@/lib/session";
import { loadMessages, type Messages } from "./catalogues";
import { loadAntdLocale } from "./antdLocale";
import type { LangCode } from "./languages";

type Loaded = { code: LangCode; tag: string; messages: Messages; antd: Locale };

/** Provides react-intl and antd-mobile's locale for the session's language; reloads when it changes. */
export function IntlRoot({ children }: { children: ReactNode }) {
  const { lang } = useSession();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let cancelled = false;
    void loadMessages(lang).then(async ({ code, tag, messages }) => {
      const antd = await loadAntdLocale(code);
      if (cancelled) return;
      setDefaultConfig({ locale: antd }); // imperative Dialog/Toast render outside the provider
      document.documentElement.lang = tag;
      setLoaded({ code, tag, messages, antd });
    });
    return () => {
      cancelled = true;
    };
  }, [lang]);

  if (!loaded) {
    return (
      <div className="app-loading">
        <SpinLoading />
      </div>
    );
  }
  return (
    <IntlProvider locale={loaded.tag} messages={loaded.messages} defaultLocale="en" onError={reportIntlError}>
      <ConfigProvider locale={loaded.antd}>{children}</ConfigProvider>
    </IntlProvider>
  );
}

function reportIntlError(error: { code: string; message: string }): void {
  // A missing translation falls back to the English defaultMessage; check_translations catches it in CI.
  if (error.code !== "MISSING_TRANSLATION") console.error(error.message);
}
