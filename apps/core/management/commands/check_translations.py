"""Fails when a message is missing a real translation in one of the seven languages.

Checks the server catalogues locale/<lang>/LC_MESSAGES/django.po and the app catalogues locale/<lang>/frontend.json:
no empty or fuzzy translation, and no non-English translation identical to English unless the text has no letters
or is listed in locale/same-as-english.txt (one text per line; for words that really are the same, like "Twitter").
"""

import json
import re
from pathlib import Path
from typing import Any

import polib
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

LOCALES = ["en", "zh_Hans", "zh_Hant", "ru", "ko", "ja", "th"]
_LETTER = re.compile(r"[^\W\d_]")
# Placeholders (%(name)s, %d, {name}) are not words: "%(count)d" has no letters to translate.
_PLACEHOLDER = re.compile(r"%\(\w+\)[sdifr]|%[sdifr]|\{\w*\}")


def _same_allowed(locale_dir: Path) -> set[str]:
    path = locale_dir / "same-as-english.txt"
    if not path.exists():
        return set()
    return {line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}


def _needs_own_text(lang: str, english: str, translated: str, allowed: set[str]) -> bool:
    return (
        lang != "en"
        and translated == english
        and bool(_LETTER.search(_PLACEHOLDER.sub("", english)))
        and english not in allowed
    )


def check_po(locale_dir: Path, allowed: set[str]) -> list[str]:
    problems = []
    for lang in LOCALES:
        path = locale_dir / lang / "LC_MESSAGES" / "django.po"
        if not path.exists():
            problems.append(f"{path}: missing")
            continue
        for entry in polib.pofile(str(path)):
            if entry.obsolete:
                continue
            where = f"{path}: {entry.msgid!r}"
            texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
            if entry.fuzzy:
                problems.append(f"{where}: fuzzy")
            elif not texts or any(not text for text in texts):
                problems.append(f"{where}: not translated")
            elif _needs_own_text(lang, entry.msgid, texts[0], allowed):
                problems.append(f"{where}: same as English")
    return problems


def _load_json(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def check_frontend(locale_dir: Path, allowed: set[str]) -> list[str]:
    english_path = locale_dir / "en" / "frontend.json"
    if not english_path.exists():
        return []
    english = _load_json(english_path)
    if english is None:
        return [f"{english_path}: not a JSON object"]
    problems = [f"{english_path}: {key!r}: empty" for key, text in english.items() if not text]
    for lang in LOCALES[1:]:
        path = locale_dir / lang / "frontend.json"
        catalogue = _load_json(path)
        if catalogue is None:
            problems.append(f"{path}: missing or not a JSON object")
            continue
        for key, text in english.items():
            translated = catalogue.get(key)
            if not isinstance(translated, str) or not translated:
                problems.append(f"{path}: {key!r}: not translated")
            elif _needs_own_text(lang, str(text), translated, allowed):
                problems.append(f"{path}: {key!r}: same as English")
    return problems


class Command(BaseCommand):
    help = "Check that every server and app message is translated in all seven languages."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--locale-dir", default=str(settings.LOCALE_PATHS[0]), help="the locale/ folder")

    def handle(self, *args: Any, **options: Any) -> None:
        locale_dir = Path(options["locale_dir"])
        allowed = _same_allowed(locale_dir)
        problems = check_po(locale_dir, allowed) + check_frontend(locale_dir, allowed)
        if problems:
            for problem in problems:
                self.stderr.write(problem)
            raise CommandError(f"{len(problems)} translation problem(s).")
        self.stdout.write(self.style.SUCCESS("All messages are translated in all seven languages."))
