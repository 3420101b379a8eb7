"""Quotation marks are the language's own (issue 34: "wide quotes in English confirms"): no message of a language
(locale/<lang>/frontend.json and django.po, as tests/core/test_glossary.py reads them) quotes with straight marks or
with another language's marks. English, Korean, Thai and Simplified Chinese write “ ”, Russian « », Japanese and
Traditional Chinese 「 」; Korean also single quotes for a named thing. Whether a quote is drawn narrow or full
width is the font's (frontend/src/styles.css, per <html lang>; tests/e2e/test_styles.py).
"""

import re

import pytest

from tests.core.test_glossary import LANGUAGES, catalogue

QUOTES = {"en": "“”", "ko": "“”\u2018\u2019", "th": "“”", "zh_Hans": "“”", "ru": "«»", "ja": "「」", "zh_Hant": "「」"}
_MARKS = re.compile('["“”\u2018\u2019「」『』«»„\uff02]')  # straight, single, full width
_MARKUP = re.compile(r"<[^<>]*>")  # an HTML attribute's quotes are not the text's


@pytest.mark.parametrize("lang", LANGUAGES)
def test_messages_quote_with_the_languages_marks(lang):
    wrong = {
        where: text
        for where, text in catalogue(lang).items()
        if set(_MARKS.findall(_MARKUP.sub("", text))) - set(QUOTES[lang])
    }
    assert not wrong, wrong
