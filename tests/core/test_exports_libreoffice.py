"""Exports as LibreOffice reads them (the issue's "opened in LibreOffice headless without warnings in two languages").

The writer's CSV (English and Russian, with Chinese and Thai ones beside them) and XLSX files are converted by
`soffice --headless --convert-to xlsx` (Debian's libreoffice-calc-nogui, which `make test-py` installs) and read back
with openpyxl: numbers are numbers, times and days are dates, the headers in Russian, Chinese and Thai come through,
and soffice says nothing on stderr. The CSV import options are those a reader of the language gets: the language's
separator, UTF-8, the header row, the language's number format (1033 English, 1049 Russian), "detect special numbers"
(LibreOffice's import dialog option that reads "2026-03-02 03:30:05" as a time, as Excel does unasked).
Each run has its own LibreOffice profile (pytest's tmp_path), so parallel runs (-n 2) never share one.
"""

import io
import shutil
import subprocess
import zoneinfo
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from openpyxl import load_workbook

from apps.core.exports import ExportFormat, export_response
from tests.core.test_exports import COLUMNS

SOFFICE = shutil.which("soffice") or "/usr/bin/soffice"
pytestmark = pytest.mark.skipif(
    not Path(SOFFICE).exists(),
    reason="LibreOffice (soffice) is not installed here: `make test-py` installs Debian's libreoffice-calc-nogui",
)

# What soffice prints whatever the file: Debian's nogui package has no Java, and its launcher says so.
NOT_ABOUT_THE_FILE = {"Warning: failed to launch javaldx - java may not function correctly"}

ROWS = [
    ("O-1", Decimal("1234.50"), datetime(2026, 3, 1, 20, 30, 5, tzinfo=UTC), date(2026, 3, 2), "Москва 北京 กรุงเทพ"),
    ("O-2", Decimal("-7.25"), None, None, "=1+1"),
]
# (language, CSV field separator as LibreOffice's option number, LibreOffice's language id for numbers)
CSV_READERS = {"en": (44, 1033), "zh-hans": (44, 1033), "th": (44, 1033), "ru": (59, 1049)}
XLSX_LANGUAGES = ["en", "ru", "zh-hans", "th"]
HEADERS = {
    "en": ["order number", "amount", "created at", "date", "note"],
    "ru": ["номер заявки", "сумма", "создан", "дата", "примечание"],
}


def _export(fmt, language, path):
    response = export_response(
        filename="orders",
        columns=COLUMNS,
        rows=ROWS,
        format=fmt,
        language=language,
        zone=zoneinfo.ZoneInfo("Asia/Bangkok"),
    )
    path.write_bytes(b"".join(response.streaming_content))


def _soffice(profile, outdir, files, infilter=None):
    """Converts `files` to XLSX in `outdir` in one soffice run; its stderr without the lines about no file."""
    command = [
        SOFFICE,
        f"-env:UserInstallation={profile.as_uri()}",
        "--headless",
        "--norestore",
        "--convert-to",
        "xlsx",
        "--outdir",
        str(outdir),
    ]
    if infilter:
        command.append(f"--infilter={infilter}")
    done = subprocess.run([*command, *map(str, files)], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stderr.splitlines() if line.strip() and line.strip() not in NOT_ABOUT_THE_FILE]


def _read(path):
    return [list(row) for row in load_workbook(io.BytesIO(path.read_bytes())).active.iter_rows()]


def test_libreoffice_opens_the_csv_and_xlsx_exports_in_every_language_without_warnings(tmp_path):
    profile, source, out = tmp_path / "profile", tmp_path / "source", tmp_path / "out"
    source.mkdir()
    csv_files = {language: source / f"csv-{language}.csv" for language in CSV_READERS}
    xlsx_files = {language: source / f"xlsx-{language}.xlsx" for language in XLSX_LANGUAGES}
    for language, path in csv_files.items():
        _export(ExportFormat.CSV, language, path)
    for language, path in xlsx_files.items():
        _export(ExportFormat.XLSX, language, path)

    warnings = _soffice(profile, out, xlsx_files.values())  # one run for every XLSX file
    for reader in sorted(set(CSV_READERS.values())):  # one run per CSV dialect
        languages = [language for language, dialect in CSV_READERS.items() if dialect == reader]
        separator, number_language = reader
        infilter = f"CSV:{separator},34,76,1,,{number_language},false,true"
        warnings += _soffice(profile, out, [csv_files[language] for language in languages], infilter)
    assert warnings == [], "soffice warned"

    converted = {**{f"csv-{lang}": lang for lang in CSV_READERS}, **{f"xlsx-{lang}": lang for lang in XLSX_LANGUAGES}}
    for name, language in converted.items():
        rows = _read(out / f"{name}.xlsx")
        header = [cell.value for cell in rows[0]]
        if language in HEADERS:
            assert header == HEADERS[language], name
        else:  # the headers in the language's script (Chinese, Thai), not English left over
            assert all(not text.isascii() for text in header), (name, header)
        number, amount, moment, day, note = rows[1]
        assert number.value == "O-1", name
        assert amount.data_type == "n" and amount.value == 1234.5, name
        assert moment.is_date and moment.value == datetime(2026, 3, 2, 3, 30, 5), name  # in the reader's zone
        assert day.is_date and day.value == datetime(2026, 3, 2), name
        assert note.value == "Москва 北京 กรุงเทพ", name
        negative, text = rows[2][1], rows[2][4]
        assert negative.data_type == "n" and negative.value == -7.25, name
        assert text.data_type == "s" and text.value in ("=1+1", "'=1+1"), name  # text, never a formula run
