import { startTransition, useEffect, useState, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { ConfigProvider, setDefaultConfig } from "antd-mobile";
import { PageLoading } from "@/components/ui/PageLoading";
import type { Locale } from "antd-mobile/es/locales/base";
import { useSession } from "@/lib/session";
import { loadMessages, type Messages } from "./catalogues";
import { loadAntdLocale } from "./antdLocale";
import { languageOf, type LangCode } from "./languages";

type Loaded = { code: LangCode; tag: string; messages: Messages; antd: Locale };

const loading = new Map<LangCode, Promise<Loaded>>();

/**
 * The language's catalogue and antd-mobile's locale, fetched together (not one after the other) and once per
 * language. main.tsx calls it before rendering, so both download in parallel with the screen's chunk.
 */
export function loadLanguage(code: string): Promise<Loaded> {
  const language = languageOf(code).code;
  let promise = loading.get(language);
  if (!promise) {
    promise = Promise.all([loadMessages(language), loadAntdLocale(language)]).then(([catalogue, antd]) => ({
      ...catalogue,
      antd,
    }));
    promise.catch(() => loading.delete(language)); // a failed download is tried again next time
    loading.set(language, promise);
  }
  return promise;
}

/** Provides react-intl and antd-mobile's locale for the session's language; reloads when it changes. */
export function IntlRoot({ children }: { children: ReactNode }) {
  const { lang } = useSession();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let cancelled = false;
    void loadLanguage(lang).then((next) => {
      if (cancelled) return;
      setDefaultConfig({ locale: next.antd }); // imperative Dialog/Toast render outside the provider
      document.documentElement.lang = next.tag;
      // The whole app renders now: as a transition React renders it in slices that leave the main thread free in
      // between (one long task otherwise, the largest part of Lighthouse's total blocking time on /login and /home).
      startTransition(() => setLoaded(next));
    });
    return () => {
      cancelled = true;
    };
  }, [lang]);

  if (!loaded) {
    return <PageLoading />;
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
