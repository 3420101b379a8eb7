"""Bulk catalogue loads from a CSV file (admin): valid rows are created or updated by SKU, rejected rows reported."""

import csv
import io
from dataclasses import dataclass, field
from decimal import Decimal

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from modeltranslation.utils import build_localized_fieldname

from .models import Category, Product

LANGUAGES = [code for code, _name in settings.LANGUAGES]
TITLE_COLUMNS = [build_localized_fieldname("title", code) for code in LANGUAGES]
DESCRIPTION_COLUMNS = [build_localized_fieldname("description", code) for code in LANGUAGES]
REQUIRED_COLUMNS = ["sku", "category", "retail_price", "stock", build_localized_fieldname("title", "ru")]
OPTIONAL_COLUMNS = (
    ["is_hot", "is_active"] + [c for c in TITLE_COLUMNS if c not in REQUIRED_COLUMNS] + DESCRIPTION_COLUMNS
)
COLUMNS = REQUIRED_COLUMNS + OPTIONAL_COLUMNS
MAX_ROWS = 20000

_YES = {"1", "yes", "true", "y"}
_NO = {"0", "no", "false", "n", ""}


def _flag(value: str) -> bool:
    return value.strip().lower() in _YES


def _validate_flag(value: str) -> None:
    if value.strip().lower() not in _YES | _NO:
        raise ValidationError(gettext_lazy("Use 1 or 0 (yes or no)."))


class ProductRowForm(forms.Form):
    """One CSV row; Django's form fields give the checks and their translated messages."""

    sku = forms.CharField(max_length=40)
    category = forms.CharField(max_length=64)
    retail_price = forms.DecimalField(max_digits=20, decimal_places=2, min_value=Decimal("0.01"))
    stock = forms.IntegerField(min_value=0, max_value=2_147_483_647)
    is_hot = forms.CharField(required=False, validators=[_validate_flag])
    is_active = forms.CharField(required=False, validators=[_validate_flag])

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for column in TITLE_COLUMNS:
            self.fields[column] = forms.CharField(max_length=200, required=column in REQUIRED_COLUMNS)
        for column in DESCRIPTION_COLUMNS:
            self.fields[column] = forms.CharField(required=False)

    def clean_category(self) -> Category:
        """A category id, or a category's name in any language (case-insensitive)."""
        value = self.cleaned_data["category"].strip()
        if value.isdigit():
            category = Category.objects.filter(pk=int(value)).first()
        else:
            names = Q()
            for code in LANGUAGES:
                names |= Q(**{f"{build_localized_fieldname('name', code)}__iexact": value})
            category = Category.objects.filter(names).first()
        if category is None:
            raise ValidationError(_("Unknown category: %(value)s") % {"value": value})
        return category


@dataclass
class ImportReport:
    created: int = 0
    updated: int = 0
    rejected: list[tuple[int, str]] = field(default_factory=list)  # (line number in the file, reason)
    error: str = ""  # the whole file was refused


def _reason(form: ProductRowForm) -> str:
    return "; ".join(f"{name}: {' '.join(str(m) for m in messages)}" for name, messages in form.errors.items())


def _read(raw: bytes) -> tuple[list[str], list[dict[str, str]]]:
    text = raw.decode("utf-8-sig")
    reader = csv.DictReader(io.StringIO(text))
    rows = list(reader)
    return [name.strip() for name in reader.fieldnames or []], rows


@transaction.atomic
def product_import_csv(*, raw: bytes) -> ImportReport:
    """Creates or updates (by SKU) one product per valid row; rejected rows are listed and change nothing."""
    report = ImportReport()
    try:
        header, rows = _read(raw)
    except (UnicodeDecodeError, csv.Error):
        report.error = _("The file is not a UTF-8 CSV file.")
        return report
    missing = [column for column in REQUIRED_COLUMNS if column not in header]
    if missing:
        report.error = _("Missing columns: %(columns)s") % {"columns": ", ".join(missing)}
        return report
    if len(rows) > MAX_ROWS:
        report.error = _("At most %(count)d rows per file.") % {"count": MAX_ROWS}
        return report
    for line, row in enumerate(rows, start=2):  # line 1 is the header
        data = {(key or "").strip(): (value or "").strip() for key, value in row.items() if isinstance(value, str)}
        form = ProductRowForm(data)
        if not form.is_valid():
            report.rejected.append((line, _reason(form)))
            continue
        values = form.cleaned_data
        defaults: dict = {
            "category": values["category"],
            "retail_price": values["retail_price"],
            "stock": values["stock"],
        }
        for flag in ("is_hot", "is_active"):
            if flag in header and (flag == "is_hot" or values[flag] != ""):
                defaults[flag] = _flag(values[flag])
        for column in TITLE_COLUMNS + DESCRIPTION_COLUMNS:
            if column in header:
                defaults[column] = values[column]
        _product, created = Product.objects.update_or_create(sku=values["sku"], defaults=defaults)
        if created:
            report.created += 1
        else:
            report.updated += 1
    return report
