export { LANGUAGES, DEFAULT_LANG, languageOf, type LangCode, type Language } from "./languages";
export { loadMessages, type Messages } from "./catalogues";
export { IntlRoot, loadLanguage } from "./IntlRoot";
export { untypedMessages } from "./messages";
