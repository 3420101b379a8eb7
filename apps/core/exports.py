"""Exports: a list a merchant or an operator takes away, as CSV or as XLSX, in constant memory.

CSV opens in Excel and LibreOffice in every language: UTF-8 with a byte-order mark (Excel reads it as UTF-8), the
list separator and decimal sign of the reader's language (";" and "," in Russian, as Excel there expects), amounts as
plain numbers and times as "YYYY-MM-DD HH:MM:SS" in the reader's time zone (which both read as numbers and dates). It
streams: the first bytes leave before the second row is read. XLSX is openpyxl's write-only workbook, written to a
temporary file row by row and then streamed from it (a zip's directory comes last, so no byte can leave sooner).

Text a person typed (a product's name, a buyer's address) can start with "=", "+", "-" or "@", which a spreadsheet
would run as a formula: such a cell is written with a leading apostrophe in CSV and as a string in XLSX.
"""

import csv
import re
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from decimal import Decimal
from enum import StrEnum
from typing import Any

from babel.numbers import get_decimal_symbol
from django.http import FileResponse, StreamingHttpResponse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import override

from .money import babel_locale


class ExportFormat(StrEnum):
    CSV = "csv"
    XLSX = "xlsx"


class Kind(StrEnum):
    TEXT = "text"
    NUMBER = "number"  # an int or a Decimal (money: two places, as stored)
    TIME = "time"  # an aware datetime, written in the reader's time zone
    DATE = "date"


@dataclass(frozen=True)
class Column:
    header: str | Promise  # gettext_lazy: written in the reader's language
    kind: Kind = Kind.TEXT


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TIME_FORMAT = "%Y-%m-%d %H:%M:%S"
CONTENT_TYPES = {
    ExportFormat.CSV: "text/csv; charset=utf-8",
    ExportFormat.XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
# Rows written to the CSV buffer between two chunks sent.
CSV_ROWS_PER_CHUNK = 500


def csv_dialect(language: str) -> tuple[str, str]:
    """(list separator, decimal sign) of `language`'s spreadsheets: ";" wherever the decimal sign is ","."""
    decimal = get_decimal_symbol(babel_locale(language))
    return (";" if decimal == "," else ","), decimal


def _local_date(value: date | datetime, zone: tzinfo) -> date:
    """The reader's calendar day of a date, or of an aware moment in `zone`."""
    return timezone.localtime(value, zone).date() if isinstance(value, datetime) else value


def _number(value: Any) -> int | float | Decimal:
    """A number as given (an int, a Decimal, a float), or a Decimal read from its text ("12.50")."""
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        return Decimal(str(value))
    return value


def _plain(value: Any, kind: Kind, zone: tzinfo) -> Any:
    """A cell's value for XLSX: numbers as numbers, times as naive datetimes in the reader's zone, days as dates,
    text as text."""
    if value is None or value == "":
        return None
    if kind is Kind.TIME:
        return timezone.localtime(value, zone).replace(tzinfo=None)
    if kind is Kind.DATE:
        return _local_date(value, zone)
    if kind is Kind.NUMBER:
        return _number(value)
    return str(value)


def _number_format(value: Any) -> str:
    """An XLSX number's format: an amount keeps its decimal places (12.50 shows as 12.50), an integer none."""
    if isinstance(value, Decimal):
        exponent = value.as_tuple().exponent
        places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        return "0." + "0" * places if places else "0"
    return "General"


def _csv_cell(value: Any, kind: Kind, zone: tzinfo, decimal: str) -> str:
    if value is None or value == "":
        return ""
    if kind is Kind.TIME:
        return timezone.localtime(value, zone).strftime(TIME_FORMAT)
    if kind is Kind.DATE:
        return _local_date(value, zone).isoformat()
    if kind is Kind.NUMBER:
        number = _number(value)
        text = format(number, "f") if isinstance(number, Decimal) else repr(number)
        return text.replace(".", decimal)
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


class _Line:
    """A write-only file for csv.writer that hands back what was written since the last take()."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> None:
        self.parts.append(text)

    def take(self) -> bytes:
        text, self.parts = "".join(self.parts), []
        return text.encode("utf-8")


def _in_language(chunks: Iterator[bytes], language: str) -> Iterator[bytes]:
    """`chunks`, each made with `language` active (a lazy header or label in a row is written in it), though the
    server reads them after the view has returned (and left any translation.override it was in)."""
    while True:
        with override(language):
            chunk = next(chunks, None)
        if chunk is None:
            return
        yield chunk


def csv_chunks(
    columns: Sequence[Column], rows: Iterable[Sequence[Any]], *, language: str, zone: tzinfo
) -> Iterator[bytes]:
    """The CSV's bytes: the byte-order mark and the header at once (before the first row is read), then a chunk every
    CSV_ROWS_PER_CHUNK rows; written in `language` (its separator, decimal sign and headers)."""
    separator, decimal = csv_dialect(language)
    line = _Line()
    writer = csv.writer(line, delimiter=separator, lineterminator="\r\n")

    def chunks() -> Iterator[bytes]:
        writer.writerow([str(column.header) for column in columns])
        yield "\ufeff".encode() + line.take()
        count = 0
        for count, row in enumerate(rows, 1):
            cells = [_csv_cell(value, col.kind, zone, decimal) for value, col in zip(row, columns, strict=True)]
            writer.writerow(cells)
            if count % CSV_ROWS_PER_CHUNK == 0:
                yield line.take()
        if count % CSV_ROWS_PER_CHUNK:
            yield line.take()

    return _in_language(chunks(), language)


SHEET_TITLE_FORBIDDEN = re.compile(r"[\\/*?:\[\]]")
XLSX_FORMATS = {Kind.TIME: "yyyy-mm-dd hh:mm:ss", Kind.DATE: "yyyy-mm-dd"}


def xlsx_file(
    columns: Sequence[Column], rows: Iterable[Sequence[Any]], *, title: str, zone: tzinfo, language: str = ""
) -> Any:
    """A temporary file holding the XLSX (openpyxl's write-only workbook: one row in memory at a time, the sheet
    written to its own temporary file), at its start; headers in `language` (the active one when empty)."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    with override(language) if language else nullcontext():
        workbook = Workbook(write_only=True)
        sheet = workbook.create_sheet(title=SHEET_TITLE_FORBIDDEN.sub("-", title)[:31] or "export")
        bold = Font(bold=True)
        header = []
        for column in columns:
            cell = WriteOnlyCell(sheet, value=str(column.header))
            cell.data_type, cell.font = "s", bold
            header.append(cell)
        sheet.append(header)
        for row in rows:
            cells = []
            for value, column in zip(row, columns, strict=True):
                cell = WriteOnlyCell(sheet, value=_plain(value, column.kind, zone))
                if column.kind is Kind.TEXT and cell.value is not None:
                    cell.data_type = "s"  # never a formula, whatever the text starts with
                elif column.kind in XLSX_FORMATS:
                    cell.number_format = XLSX_FORMATS[column.kind]
                elif column.kind is Kind.NUMBER and cell.value is not None:
                    cell.number_format = _number_format(cell.value)
                cells.append(cell)
            sheet.append(cells)
    out = tempfile.TemporaryFile()  # noqa: SIM115 (FileResponse closes it once sent)
    workbook.save(out)
    out.seek(0)
    return out


def export_response(
    *,
    filename: str,
    columns: Sequence[Column],
    rows: Iterable[Sequence[Any]],
    format: ExportFormat,
    language: str,
    zone: tzinfo,
) -> StreamingHttpResponse | FileResponse:
    """The download of `rows` (each a sequence of values in `columns`' order) named `filename` (without extension),
    headers and rows written in `language` (while the CSV streams too), times in `zone`."""
    name = f"{filename}.{format.value}"
    if format is ExportFormat.XLSX:
        response: StreamingHttpResponse | FileResponse = FileResponse(
            xlsx_file(columns, rows, title=filename, zone=zone, language=language), as_attachment=True, filename=name
        )
        response["Content-Type"] = CONTENT_TYPES[format]
    else:
        response = StreamingHttpResponse(
            csv_chunks(columns, rows, language=language, zone=zone), content_type=CONTENT_TYPES[format]
        )
        response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response
