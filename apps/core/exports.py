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
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from decimal import Decimal
from enum import StrEnum
from typing import Any

from babel.numbers import get_decimal_symbol
from django.http import FileResponse, StreamingHttpResponse
from django.utils import timezone
from django.utils.functional import Promise

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


def _plain(value: Any, kind: Kind, zone: tzinfo) -> Any:
    """A cell's value for XLSX: numbers as numbers, times as naive datetimes in the reader's zone, text as text."""
    if value is None or value == "":
        return None
    if kind is Kind.TIME:
        return timezone.localtime(value, zone).replace(tzinfo=None)
    if kind is Kind.TEXT:
        return str(value)
    return value


def _csv_cell(value: Any, kind: Kind, zone: tzinfo, decimal: str) -> str:
    if value is None:
        return ""
    if kind is Kind.TIME:
        return timezone.localtime(value, zone).strftime(TIME_FORMAT)
    if kind is Kind.DATE:
        return value.isoformat() if isinstance(value, date | datetime) else str(value)
    if kind is Kind.NUMBER:
        text = str(value) if isinstance(value, int | Decimal) else str(Decimal(value))
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


def csv_chunks(
    columns: Sequence[Column], rows: Iterable[Sequence[Any]], *, language: str, zone: tzinfo
) -> Iterator[bytes]:
    """The CSV's bytes, a header and then a chunk every CSV_ROWS_PER_CHUNK rows."""
    separator, decimal = csv_dialect(language)
    line = _Line()
    writer = csv.writer(line, delimiter=separator, lineterminator="\r\n")
    writer.writerow([str(column.header) for column in columns])
    yield "\ufeff".encode() + line.take()
    for count, row in enumerate(rows, 1):
        writer.writerow([_csv_cell(value, col.kind, zone, decimal) for value, col in zip(row, columns, strict=True)])
        if count % CSV_ROWS_PER_CHUNK == 0:
            yield line.take()
    yield line.take()


def xlsx_file(columns: Sequence[Column], rows: Iterable[Sequence[Any]], *, title: str, zone: tzinfo) -> Any:
    """A temporary file holding the XLSX (openpyxl's write-only workbook: one row in memory at a time), at its start."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell

    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet(title=title[:31])
    sheet.append([str(column.header) for column in columns])
    formats = {Kind.TIME: "yyyy-mm-dd hh:mm:ss", Kind.DATE: "yyyy-mm-dd"}
    for row in rows:
        cells = []
        for value, column in zip(row, columns, strict=True):
            cell = WriteOnlyCell(sheet, value=_plain(value, column.kind, zone))
            if column.kind is Kind.TEXT and cell.value is not None:
                cell.data_type = "s"  # never a formula, whatever the text starts with
            if column.kind in formats:
                cell.number_format = formats[column.kind]
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
    headers written in `language` (the caller activates it), times in `zone`."""
    name = f"{filename}.{format.value}"
    if format is ExportFormat.XLSX:
        response: StreamingHttpResponse | FileResponse = FileResponse(
            xlsx_file(columns, rows, title=filename, zone=zone), as_attachment=True, filename=name
        )
        response["Content-Type"] = CONTENT_TYPES[format]
    else:
        response = StreamingHttpResponse(
            csv_chunks(columns, rows, language=language, zone=zone), content_type=CONTENT_TYPES[format]
        )
        response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response
