/** The seven interface languages: app code (sent as `lang`), catalogue folder under locale/, BCP 47 tag, own name. */
export const LANGUAGES = [
  { code: "en", folder: "en", tag: "en", name: "English" },
  { code: "zh-CN", folder: "zh_Hans", tag: "zh-CN", name: "简体中文" },
  { code: "zh-Hant", folder: "zh_Hant", tag: "zh-TW", name: "繁體中文" },
  { code: "ru-RU", folder: "ru", tag: "ru-RU", name: "Русский" },
  { code: "han", folder: "ko", tag: "ko-KR", name: "한국어" },
  { code: "ri", folder: "ja", tag: "ja-JP", name: "日本語" },
  { code: "tai", folder: "th", tag: "th-TH", name: "ไทย" },
] as const;

export type LangCode = (typeof LANGUAGES)[number]["code"];
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANG: LangCode = "ru-RU";

/** The language for a stored code; unknown or missing means the default (ru-RU). */
export function languageOf(code: string | null | undefined): Language {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES.find((l) => l.code === DEFAULT_LANG)!;
}
