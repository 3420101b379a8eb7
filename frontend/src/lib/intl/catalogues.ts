/**
 * Lazy catalogue loading: each language's locale/<folder>/frontend.json is its own chunk, so only the active
 * language is downloaded. Missing ids fall back to the message's defaultMessage; an unknown language to ru-RU.
 */
import { languageOf, type LangCode } from "./languages";

export type Messages = Record<string, string>;

type Loader = () => Promise<{ default: Messages }>;

const loaders: Record<LangCode, Loader> = {
  en: () => import(/* webpackChunkName: "i18n-en" */ "@locale/en/frontend.json"),
  "zh-CN": () => import(/* webpackChunkName: "i18n-zh_Hans" */ "@locale/zh_Hans/frontend.json"),
  "zh-Hant": () => import(/* webpackChunkName: "i18n-zh_Hant" */ "@locale/zh_Hant/frontend.json"),
  "ru-RU": () => import(/* webpackChunkName: "i18n-ru" */ "@locale/ru/frontend.json"),
  han: () => import(/* webpackChunkName: "i18n-ko" */ "@locale/ko/frontend.json"),
  ri: () => import(/* webpackChunkName: "i18n-ja" */ "@locale/ja/frontend.json"),
  tai: () => import(/* webpackChunkName: "i18n-th" */ "@locale/th/frontend.json"),
};

export async function loadMessages(code: string): Promise<{ code: LangCode; tag: string; messages: Messages }> {
  const language = languageOf(code);
  const module = await loaders[language.code]();
  return { code: language.code, tag: language.tag, messages: module.default };
}
