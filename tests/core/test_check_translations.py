import json

import polib
import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from apps.core.management.commands.check_translations import LOCALES

GOOD = {
    "en": "Save",
    "zh_Hans": "保存",
    "zh_Hant": "儲存",
    "ru": "Сохранить",
    "ko": "저장",
    "ja": "保存",
    "th": "บันทึก",
}


def write_catalogues(root, po=None, frontend=None, same_as_english=""):
    """Seven good catalogues, with `po` / `frontend` overriding one language's entries."""
    for lang in LOCALES:
        folder = root / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        catalogue = polib.POFile()
        entries = {"Save": GOOD[lang], "%(count)d": "%(count)d", "Twitter": "Twitter"}
        entries.update((po or {}).get(lang, {}))
        for msgid, msgstr in entries.items():
            entry = polib.POEntry(msgid=msgid, msgstr=msgstr)
            if msgstr == "FUZZY":
                entry.msgstr = GOOD[lang]
                entry.flags.append("fuzzy")
            catalogue.append(entry)
        catalogue.save(str(folder / "django.po"))
        app = {"login.submit": GOOD[lang], "brand": "Twitter"}
        app.update((frontend or {}).get(lang, {}))
        (root / lang / "frontend.json").write_text(json.dumps(app, ensure_ascii=False), encoding="utf-8")
    (root / "same-as-english.txt").write_text("Twitter\n" + same_as_english, encoding="utf-8")


def run(root):
    call_command("check_translations", locale_dir=str(root))


def test_complete_catalogues_pass(tmp_path):
    write_catalogues(tmp_path)
    run(tmp_path)


@pytest.mark.parametrize(
    ("po", "frontend", "problem"),
    [
        ({"ru": {"Save": ""}}, None, "not translated"),
        ({"ja": {"Save": "FUZZY"}}, None, "fuzzy"),
        ({"th": {"Save": "Save"}}, None, "same as English"),
        ({"ko": {"Cancel": "Cancel"}}, None, "same as English"),
        (None, {"zh_Hant": {"login.submit": ""}}, "not translated"),
        (None, {"ko": {"login.submit": "Save"}}, "same as English"),
    ],
)
def test_problems_fail_and_are_listed(tmp_path, capsys, po, frontend, problem):
    write_catalogues(tmp_path, po, frontend)
    with pytest.raises(CommandError):
        run(tmp_path)
    assert problem in capsys.readouterr().err


def test_missing_app_message_and_missing_catalogue_fail(tmp_path, capsys):
    write_catalogues(tmp_path)
    english = json.loads((tmp_path / "en" / "frontend.json").read_text())
    english["new.message"] = "New"
    (tmp_path / "en" / "frontend.json").write_text(json.dumps(english))
    (tmp_path / "th" / "LC_MESSAGES" / "django.po").unlink()
    with pytest.raises(CommandError):
        run(tmp_path)
    err = capsys.readouterr().err
    assert "'new.message': not translated" in err
    assert "th/LC_MESSAGES/django.po: missing" in err


def test_same_as_english_list_allows_a_word(tmp_path):
    write_catalogues(tmp_path, {"de": {}, "ko": {"OK": "OK"}}, same_as_english="OK\n")
    run(tmp_path)


def test_english_may_equal_its_msgid(tmp_path):
    write_catalogues(tmp_path, {"en": {"Cancel": "Cancel"}})
    run(tmp_path)
