"""One term per thing, in every language: the catalogues keep to locale/glossary.json.

For every term of the glossary and every language, no message of that language (the values of
locale/<lang>/frontend.json, the msgstr of locale/<lang>/LC_MESSAGES/django.po, and for English the msgid) contains a
variant the glossary says to avoid; and, for the terms with a `check`, when an English message contains the English
term its translation contains the language's term. locale/GLOSSARY.md is rendered from the JSON: after changing the
JSON, rewrite it with `.venv/bin/python tests/core/test_glossary.py`.

No database: plain functions over the files.
"""

from __future__ import annotations

import json
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
GLOSSARY = LOCALE / "glossary.json"
MARKDOWN = LOCALE / "GLOSSARY.md"
LANGUAGES = ["en", "zh_Hans", "zh_Hant", "ru", "ko", "ja", "th"]
# Scripts with spaces between words: matched case-insensitively on whole words. The others: plain substrings.
WORD_LANGUAGES = {"en", "ru"}
# ICU arguments ({name}, {count, plural, ...}) and printf placeholders (%(name)s) are not words of the message.
_ICU_ARGUMENT = re.compile(r"\{[^{}]*\}")
_PRINTF = re.compile(r"%\(\w+\)[sdifr]|%[sdifr]")


@cache
def glossary() -> dict[str, Any]:
    return json.loads(GLOSSARY.read_text(encoding="utf-8"))


def terms() -> list[dict[str, Any]]:
    return glossary()["terms"]


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every message of a language, by where it is: 'frontend.json: key' or 'django.po: msgid'."""
    messages = {
        f"frontend.json: {key}": text
        for key, text in json.loads((LOCALE / lang / "frontend.json").read_text(encoding="utf-8")).items()
    }
    for entry in polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po")):
        if entry.obsolete:
            continue
        if lang == "en":
            texts = [entry.msgid, entry.msgid_plural]
        else:
            texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        messages[f"django.po: {entry.msgid!r}"] = "\n".join(text for text in texts if text)
    return messages


def english_of(where: str) -> str:
    """The English text of a message found at `where` in any language."""
    return catalogue("en").get(where, "")


def pattern(variant: str, lang: str) -> re.Pattern[str]:
    """A variant as a regular expression. en and ru: whole words, any case; a * ending a word stands for any ending."""
    if lang not in WORD_LANGUAGES:
        return re.compile(re.escape(variant))
    body = r"\w*".join(re.escape(part) for part in variant.split("*"))
    return re.compile(rf"(?<!\w){body}(?!\w)", re.IGNORECASE)


def without(text: str, phrases: list[str], lang: str) -> str:
    """The text less the exceptions the glossary allows (spec messages kept as the spec gives them)."""
    for phrase in phrases:
        flags = re.IGNORECASE if lang in WORD_LANGUAGES else 0
        text = re.sub(re.escape(phrase), " ", text, flags=flags)
    return text


def words_of(text: str) -> str:
    previous = None
    while previous != text:
        previous, text = text, _ICU_ARGUMENT.sub(" ", text)
    return _PRINTF.sub(" ", text)


def avoided_variants(lang: str) -> list[str]:
    problems = []
    for term in terms():
        variants = term["avoid"].get(lang, [])
        exceptions = term.get("exceptions", {}).get(lang, [])
        for where, text in catalogue(lang).items():
            rest = without(text, exceptions, lang)
            for variant in variants:
                if pattern(variant, lang).search(rest):
                    problems.append(f"  {where}: {text!r} says {variant!r}; use {term['term'][lang]!r} ({term['id']})")
    return problems


def missing_terms(lang: str) -> list[str]:
    problems = []
    for term in terms():
        check = term.get("check")
        if not check:
            continue
        english_forms = [pattern(form, "en") for form in check["en"]]
        wanted = [form.lower() for form in check[lang]]
        exceptions = term.get("exceptions", {}).get("en", [])
        for where, text in catalogue(lang).items():
            english = words_of(without(english_of(where), exceptions, "en"))
            if not any(form.search(english) for form in english_forms):
                continue
            if not any(form in text.lower() for form in wanted):
                problems.append(
                    f"  {where}: {text!r} (English {english_of(where)!r}) lacks {' / '.join(check[lang])!r}"
                    f" ({term['id']})"
                )
    return problems


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_markdown(data: dict[str, Any]) -> str:
    languages = data["languages"]
    lines = [
        "# Glossary: one term per thing",
        "",
        "**`locale/glossary.json` is the source; this file is rendered from it** "
        "(`.venv/bin/python tests/core/test_glossary.py` rewrites it) and `tests/core/test_glossary.py` checks that "
        "they match and that every catalogue keeps to the JSON: no message may use a variant to avoid, and for the "
        "terms marked ✓ a translation of an English message that has the term must have the language's term.",
        "",
        "Matching: " + _cell(data["matching"]["latin_and_cyrillic"]) + " " + _cell(data["matching"]["other_scripts"]),
        "",
        "## Terms",
        "",
        "| id | ✓ | definition | " + " | ".join(languages) + " |",
        "|---|---|---|" + "---|" * len(languages),
    ]
    for term in data["terms"]:
        chosen = " | ".join(_cell(term["term"][lang]) for lang in languages)
        checked = "✓" if term.get("check") else ""
        lines.append(f"| `{term['id']}` | {checked} | {_cell(term['definition'])} | {chosen} |")
    lines += [
        "",
        "## Variants to avoid",
        "",
        "| id | " + " | ".join(languages) + " |",
        "|---|" + "---|" * len(languages),
    ]
    for term in data["terms"]:
        cells = [", ".join(f"`{variant}`" for variant in term["avoid"].get(lang, [])) for lang in languages]
        lines.append(f"| `{term['id']}` | " + " | ".join(_cell(cell) for cell in cells) + " |")
    lines += ["", "## Exceptions, spec wording and notes", ""]
    for term in data["terms"]:
        notes = []
        for lang, phrases in term.get("exceptions", {}).items():
            notes.append(f"exception ({lang}): " + ", ".join(f"“{phrase}”" for phrase in phrases))
        if term.get("spec"):
            notes.append("spec: " + term["spec"])
        if term.get("note"):
            notes.append("note: " + term["note"])
        if notes:
            lines.append(f"- `{term['id']}`: " + " ".join(f"{note.rstrip('.')}." for note in notes))
    return "\n".join(lines) + "\n"


def test_glossary_names_every_term_in_every_language():
    data = glossary()
    assert data["languages"] == LANGUAGES
    ids = [term["id"] for term in data["terms"]]
    assert len(ids) == len(set(ids)), "term ids must be unique"
    problems = []
    for term in data["terms"]:
        if not term.get("definition"):
            problems.append(f"{term['id']}: no definition")
        for lang in LANGUAGES:
            chosen = term["term"].get(lang)
            if not chosen:
                problems.append(f"{term['id']}: no term in {lang}")
                continue
            problems += [
                f"{term['id']}: {lang} term {chosen!r} contains its own variant to avoid {variant!r}"
                for variant in term["avoid"].get(lang, [])
                if pattern(variant, lang).search(chosen)
            ]
        if term.get("check") and set(term["check"]) != set(LANGUAGES):
            problems.append(f"{term['id']}: check must give forms in all seven languages")
        for lang in set(term["avoid"]) | set(term.get("exceptions", {})):
            if lang not in LANGUAGES:
                problems.append(f"{term['id']}: unknown language {lang!r}")
    assert not problems, "\n".join(problems)


def test_exceptions_are_still_used():
    """An exception is a message the spec gives; once it is gone from the catalogues, drop it from the glossary."""
    stale = [
        f"{term['id']}: {lang} exception {phrase!r} is in no message"
        for term in terms()
        for lang, phrases in term.get("exceptions", {}).items()
        for phrase in phrases
        if not any(phrase.lower() in text.lower() for text in catalogue(lang).values())
    ]
    assert not stale, "\n".join(stale)


def test_matching_respects_words_and_exceptions():
    assert pattern("store", "en").search("Store name")
    assert not pattern("store", "en").search("Shown on your storefront")
    assert not pattern("financial reports", "en").search("Financial report")
    assert pattern("recharge*", "en").search("Recharges")
    assert not pattern("recharge*", "en").search(
        without("Please upload recharge voucher", ["Please upload recharge voucher"], "en")
    )
    assert pattern("запрос* на возврат", "ru").search("Запросы на возврат")
    assert not pattern("парол* входа", "ru").search("Пароль для входа")
    assert pattern("資金密碼", "zh_Hant").search("修改資金密碼")
    assert words_of("{count, plural, one {# product} other {# products}} on {network}, %(minimum)s").split() == [
        "on",
        ",",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_uses_a_variant_to_avoid(lang):
    problems = avoided_variants(lang)
    assert not problems, f"{len(problems)} {lang} message(s) use a variant locale/glossary.json avoids:\n" + "\n".join(
        problems
    )


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_translations_use_the_term_of_their_english(lang):
    problems = missing_terms(lang)
    assert not problems, (
        f"{len(problems)} {lang} translation(s) lack the glossary's term that their English has:\n"
        + "\n".join(problems)
    )


def test_markdown_is_rendered_from_the_json():
    assert MARKDOWN.read_text(encoding="utf-8") == render_markdown(glossary()), (
        "locale/GLOSSARY.md differs from locale/glossary.json: run .venv/bin/python tests/core/test_glossary.py"
    )


if __name__ == "__main__":
    MARKDOWN.write_text(render_markdown(glossary()), encoding="utf-8")
    sys.stdout.write(f"wrote {MARKDOWN.relative_to(ROOT)}\n")
