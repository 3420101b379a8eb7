"""The app's seven language codes and Django's language codes, one table."""

APP_TO_DJANGO = {
    "en": "en",
    "zh-CN": "zh-hans",
    "zh-Hant": "zh-hant",
    "ru-RU": "ru",
    "han": "ko",
    "ri": "ja",
    "tai": "th",
}
DJANGO_TO_APP = {v: k for k, v in APP_TO_DJANGO.items()}
DEFAULT_APP_LANG = "ru-RU"
# Each language's own name, shown in the language switch.
NATIVE_NAMES = {
    "en": "English",
    "zh-CN": "简体中文",
    "zh-Hant": "繁體中文",
    "ru-RU": "Русский",
    "han": "한국어",
    "ri": "日本語",
    "tai": "ไทย",
}


def django_lang(app_lang: str | None) -> str:
    """The Django language for an app code; unknown or missing means ru-RU."""
    return APP_TO_DJANGO.get(app_lang or "", APP_TO_DJANGO[DEFAULT_APP_LANG])


def app_lang(django_code: str | None) -> str:
    return DJANGO_TO_APP.get((django_code or "").lower(), DEFAULT_APP_LANG)


def language_name(app_lang: str) -> str:
    """An app language by its own name and its standard code, e.g. "Русский (ru)"; an unknown code as it is."""
    if app_lang not in NATIVE_NAMES:
        return app_lang
    return f"{NATIVE_NAMES[app_lang]} ({APP_TO_DJANGO[app_lang]})"
