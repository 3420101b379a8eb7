/** antd-mobile's own texts (dialog buttons, pull-to-refresh, empty states) in the active language. */
import type { Locale } from "antd-mobile/es/locales/base";
import type { LangCode } from "./languages";

const loaders: Record<LangCode, () => Promise<{ default: Locale }>> = {
  en: () => import(/* webpackChunkName: "antd-en" */ "antd-mobile/es/locales/en-US"),
  "zh-CN": () => import(/* webpackChunkName: "antd-zh-CN" */ "antd-mobile/es/locales/zh-CN"),
  "zh-Hant": () => import(/* webpackChunkName: "antd-zh-TW" */ "antd-mobile/es/locales/zh-TW"),
  "ru-RU": () => import(/* webpackChunkName: "antd-ru" */ "antd-mobile/es/locales/ru-RU"),
  han: () => import(/* webpackChunkName: "antd-ko" */ "antd-mobile/es/locales/ko-KR"),
  ri: () => import(/* webpackChunkName: "antd-ja" */ "antd-mobile/es/locales/ja-JP"),
  tai: () => import(/* webpackChunkName: "antd-th" */ "antd-mobile/es/locales/th-TH"),
};

export async function loadAntdLocale(code: LangCode): Promise<Locale> {
  return (await loaders[code]()).default;
}
