"""The export writer (apps.core.exports): CSV that Excel and LibreOffice open right in the reader's language (the
byte-order mark, the language's separator and decimal sign, times in the reader's zone, no formula run from typed
text), XLSX with typed cells, and both in constant memory, the CSV's first bytes before the rows are read."""

import io
import tracemalloc
import zoneinfo
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from django.utils.translation import gettext_lazy
from openpyxl import load_workbook

from apps.core.exports import CSV_ROWS_PER_CHUNK, Column, ExportFormat, Kind, export_response

BANGKOK = zoneinfo.ZoneInfo("Asia/Bangkok")
COLUMNS = [
    Column(gettext_lazy("order number")),
    Column(gettext_lazy("amount"), Kind.NUMBER),
    Column(gettext_lazy("created at"), Kind.TIME),
    Column(gettext_lazy("date"), Kind.DATE),
    Column(gettext_lazy("note")),
]
MOMENT = datetime(2026, 3, 1, 20, 30, 5, tzinfo=UTC)  # 03:30:05 on March 2nd in Bangkok
ROWS = [
    ("O-1", Decimal("1234.50"), MOMENT, date(2026, 3, 2), '=HYPERLINK("http://evil")'),
    ("O-2", Decimal("-7.25"), None, None, None),
    ("O-3", 3, MOMENT, MOMENT, "+1 @two -three"),
]


def _csv(language, rows=ROWS, columns=COLUMNS):
    response = export_response(
        filename="orders", columns=columns, rows=rows, format=ExportFormat.CSV, language=language, zone=BANGKOK
    )
    return response, b"".join(response.streaming_content)


def _xlsx(language, rows=ROWS):
    response = export_response(
        filename="orders", columns=COLUMNS, rows=rows, format=ExportFormat.XLSX, language=language, zone=BANGKOK
    )
    return response, load_workbook(io.BytesIO(b"".join(response.streaming_content))).active


# ---------- CSV ----------
@pytest.mark.parametrize(
    ("language", "separator", "amount", "header"),
    [
        ("en", ",", "1234.50", "order number,amount,created at,date,note"),
        ("ru", ";", "1234,50", None),
        ("th", ",", "1234.50", None),
        ("zh-hans", ",", "1234.50", None),
    ],
)
def test_csv_is_utf8_with_bom_in_the_languages_separator_and_decimal_sign(language, separator, amount, header):
    response, body = _csv(language)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="orders.csv"'
    assert response["Cache-Control"] == "private, no-store"
    assert body.startswith(b"\xef\xbb\xbf")
    lines = body[3:].decode("utf-8").split("\r\n")
    assert lines[-1] == "" and len(lines) == len(ROWS) + 2
    first = lines[1].split(separator)
    assert first[:4] == ["O-1", amount, "2026-03-02 03:30:05", "2026-03-02"]
    if header:
        assert lines[0] == header


def test_csv_headers_are_in_the_readers_language_even_read_after_the_view_left_it():
    """The server reads a streamed body after the view returned: the headers are still in the reader's language."""
    response = export_response(
        filename="o", columns=COLUMNS, rows=ROWS, format=ExportFormat.CSV, language="ru", zone=BANGKOK
    )
    header = next(iter(response.streaming_content))[3:].decode().split("\r\n")[0]  # read with English active
    assert header.split(";") == ["номер заявки", "сумма", "создан", "дата", "примечание"]


def test_csv_neutralises_formulas_and_writes_none_as_empty():
    _response, body = _csv("en")
    lines = body[3:].decode().split("\r\n")
    assert lines[1].endswith(',"\'=HYPERLINK(""http://evil"")"')  # text, shown as typed, never run
    assert lines[2] == "O-2,-7.25,,,"  # a negative amount stays a number; None is an empty cell
    assert lines[3] == "O-3,3,2026-03-02 03:30:05,2026-03-02,'+1 @two -three"  # a moment as the reader's day


def test_csv_numbers_never_in_scientific_notation():
    columns = [Column("n", Kind.NUMBER)]
    _response, body = _csv("ru", rows=[(Decimal("1E+3"),), (Decimal("0.000001"),), (2.5,), ("12.30",)], columns=columns)
    assert body[3:].decode().split("\r\n")[1:5] == ["1000", "0,000001", "2,5", "12,30"]


# ---------- XLSX ----------
def test_xlsx_cells_are_typed_numbers_times_and_text():
    response, sheet = _xlsx("ru")
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert 'filename="orders.xlsx"' in response["Content-Disposition"]
    rows = list(sheet.iter_rows())
    assert [cell.value for cell in rows[0]] == ["номер заявки", "сумма", "создан", "дата", "примечание"]
    assert all(cell.font.b for cell in rows[0])
    number, amount, moment, day, note = rows[1]
    assert number.value == "O-1" and number.data_type == "s"
    assert amount.data_type == "n" and amount.value == 1234.5 and amount.number_format == "0.00"
    assert moment.is_date and moment.value == datetime(2026, 3, 2, 3, 30, 5)
    assert moment.number_format == "yyyy-mm-dd hh:mm:ss"
    assert day.is_date and day.value == datetime(2026, 3, 2) and day.number_format == "yyyy-mm-dd"
    assert note.data_type == "s" and note.value == '=HYPERLINK("http://evil")'  # a string cell: never a formula
    assert [cell.value for cell in rows[2]] == ["O-2", -7.25, None, None, None]
    assert rows[3][1].value == 3 and rows[3][1].number_format == "General"
    assert rows[3][3].value == datetime(2026, 3, 2)  # a moment as the reader's day


# ---------- streaming and memory ----------
class Reader:
    """Rows made one at a time, counting how many were read."""

    def __init__(self, count):
        self.count, self.read = count, 0

    def __iter__(self):
        for index in range(self.count):
            self.read += 1
            yield (f"O-{index}", Decimal(index) / 100, MOMENT, date(2026, 1, 1), "текст 文字 ข้อความ")


def test_csv_first_bytes_leave_before_the_rows_are_read():
    rows = Reader(CSV_ROWS_PER_CHUNK * 3)
    response = export_response(
        filename="big", columns=COLUMNS, rows=rows, format=ExportFormat.CSV, language="en", zone=BANGKOK
    )
    chunks = iter(response.streaming_content)
    assert rows.read == 0
    assert next(chunks).startswith(b"\xef\xbb\xbforder number,")
    assert rows.read == 0  # the header left before the first row was read
    next(chunks)
    assert rows.read == CSV_ROWS_PER_CHUNK  # then one chunk at a time
    assert len(b"".join(chunks).split(b"\r\n")) == 2 * CSV_ROWS_PER_CHUNK + 1


def _peak(consume):
    tracemalloc.start()
    try:
        consume()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_csv_of_100000_rows_takes_constant_memory():
    def consume(count):
        rows = Reader(count)
        response = export_response(
            filename="big", columns=COLUMNS, rows=rows, format=ExportFormat.CSV, language="ru", zone=BANGKOK
        )
        size = sum(len(chunk) for chunk in response.streaming_content)
        assert rows.read == count
        return size

    consume(10)  # the language's data (Babel's) loaded once, before measuring
    sizes = []
    assert _peak(lambda: sizes.append(consume(100_000))) < 500_000  # a chunk at a time (~45 KB) of a body ...
    assert sizes[0] > 8_000_000  # ... over 8 MB


def test_xlsx_takes_constant_memory_whatever_the_rows():
    """openpyxl's write-only workbook writes each row to its sheet's temporary file and the response streams the
    saved file from disk: ten times the rows take no more memory (kept in memory, 1,800 more rows of five cells would
    take megabytes). Measured on 2,000 rows: openpyxl writes XML in pure Python here (no lxml), ~0.5 ms a row, and
    tracemalloc slows it fourfold."""

    def peak(count):
        def consume():
            response = export_response(
                filename="big", columns=COLUMNS, rows=Reader(count), format=ExportFormat.XLSX, language="en", zone=UTC
            )
            assert sum(len(chunk) for chunk in response.streaming_content) > 5_000
            response.file_to_stream.close()  # the temporary file (response.close() would signal a request's end)

        return _peak(consume)

    peak(10)  # openpyxl's modules imported and their caches filled before measuring
    small, large = peak(200), peak(2_000)
    assert large - small < 150_000, (small, large)
