"""The operators' forms for orders (apps.orders.admin). They only check what was typed; the services decide."""

import csv
import io
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib.admin import AdminSite
from django.contrib.admin.widgets import AutocompleteSelectMultiple
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from apps.shop.models import Shop

from .constants import CREDIT_POINTS, STOREFRONT_KEY_NAME_MAX, CreditEventKind, TrackingStep
from .models import Order, StorefrontKey
from .selectors import carrier_choices

CARRIER_MAX = Order._meta.get_field("carrier").max_length or 64
TRACKING_MAX = Order._meta.get_field("tracking_number").max_length or 64
# The CSV upload: its columns, and how many rows one file may have (each row is one shipment, one transaction).
CSV_COLUMNS = ["order_number", "tracking_number"]
CSV_OPTIONAL_COLUMNS = ["carrier"]
CSV_MAX_ROWS = 5000
CSV_MAX_BYTES = 2 * 1024 * 1024
# The bulk "Ship selected" page asks one tracking number per order: at most this many orders at once (more: CSV).
BULK_SHIP_MAX = 100

_LOCAL_INPUT = "%Y-%m-%dT%H:%M"


def _when_field(label: Any, *, required: bool) -> forms.DateTimeField:
    """A date and time picked in the browser, in the site's time zone (`_zone_help` names it)."""
    return forms.DateTimeField(
        label=label,
        required=required,
        input_formats=[_LOCAL_INPUT, "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=_LOCAL_INPUT),
    )


def _zone_help() -> str:
    return gettext("Time zone: %(zone)s.") % {"zone": timezone.get_current_timezone_name()}


class CarrierInput(forms.TextInput):
    """A text box with a list to pick from (an HTML datalist): the carriers already used, then the common ones; any
    other carrier is typed in."""

    def __init__(self, attrs: dict | None = None) -> None:
        super().__init__(attrs)
        self.choices: list[str] = []

    def render(self, name: str, value: Any, attrs: dict | None = None, renderer: Any = None) -> SafeString:
        list_id = f"{(attrs or {}).get('id') or 'id_' + name}_choices"
        box = super().render(name, value, {**(attrs or {}), "list": list_id, "autocomplete": "off"}, renderer)
        options = format_html_join("", '<option value="{}"></option>', ((choice,) for choice in self.choices))
        return format_html('{}<datalist id="{}">{}</datalist>', box, list_id, options)


def carrier_field(*, required: bool = True, help_text: Any = None) -> forms.CharField:
    return forms.CharField(
        label=_("carrier"),
        max_length=CARRIER_MAX,
        required=required,
        widget=CarrierInput(),
        help_text=help_text or _("Pick one from the list (the carriers already used come first) or type another."),
    )


class CarrierChoices:
    """Fills each carrier box of the form with the carriers to pick from (one query, apps.orders.selectors)."""

    def carriers_offered(self) -> None:
        choices = carrier_choices()
        for bound in self.fields.values():  # type: ignore[attr-defined]  # mixed into a Form
            if isinstance(bound.widget, CarrierInput):
                bound.widget.choices = choices


class ShipForm(CarrierChoices, forms.Form):
    carrier = carrier_field()
    tracking_number = forms.CharField(label=_("tracking number"), max_length=TRACKING_MAX)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.carriers_offered()


class TrackingEventForm(forms.Form):
    occurred_at = _when_field(_("time"), required=True)
    step = forms.ChoiceField(label=_("step"), choices=TrackingStep.choices)
    place = forms.CharField(label=_("place"), max_length=120, required=False)
    note = forms.CharField(
        label=_("note"),
        max_length=255,
        required=False,
        help_text=_("Optional, shown as written: the step itself is shown in each merchant's language."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["occurred_at"].initial = timezone.localtime().replace(second=0, microsecond=0)
        self.fields["occurred_at"].help_text = _zone_help()


class DeliveredForm(forms.Form):
    delivered_at = _when_field(_("delivered at"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["delivered_at"].help_text = gettext("Empty: now. %(zone)s") % {"zone": _zone_help()}


class RefundApproveForm(forms.Form):
    note = forms.CharField(label=_("note"), max_length=255, required=False)
    merchant_fault = forms.BooleanField(label=_("The merchant is at fault"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["merchant_fault"].help_text = gettext(
            "For example, the goods were not as described. The merchant's credit score loses %(points)s points."
        ) % {"points": abs(CREDIT_POINTS[CreditEventKind.REFUND_MERCHANT_FAULT])}


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("reason"), max_length=255, widget=forms.Textarea(attrs={"rows": 3}))


class StorefrontKeyForm(forms.Form):
    """A new storefront key: the storefront's name, the shops it serves (found by name), and the reason the merchants
    of those shops are told."""

    name = forms.CharField(label=_("name"), max_length=STOREFRONT_KEY_NAME_MAX)
    reason = forms.CharField(label=_("reason"), max_length=255, widget=forms.Textarea(attrs={"rows": 3}))
    field_order = ["name", "shops", "reason"]

    def __init__(self, *args: Any, admin_site: AdminSite, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["shops"] = forms.ModelMultipleChoiceField(
            label=_("shops it serves"),
            queryset=Shop.objects.order_by("name"),
            widget=AutocompleteSelectMultiple(StorefrontKey._meta.get_field("shops"), admin_site),
            help_text=gettext("The storefront may send orders, visits and follows for these shops only."),
        )
        self.order_fields(self.field_order)
        self.fields["reason"].help_text = gettext(
            "The merchant of each shop is told that this storefront may now send orders to the shop, with this reason."
        )


class BulkShipForm(CarrierChoices, forms.Form):
    """One carrier for all, and one tracking number per order (`tracking_<order id>`), each different."""

    carrier = carrier_field()

    def __init__(self, *args: Any, orders: list[Order], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.carriers_offered()
        self.orders = orders
        for order in orders:
            self.fields[f"tracking_{order.pk}"] = forms.CharField(
                label=order.number, max_length=TRACKING_MAX, required=True
            )

    def clean(self) -> dict:
        data = super().clean() or {}
        seen: dict[str, str] = {}
        for order in self.orders:
            name = f"tracking_{order.pk}"
            tracking = (data.get(name) or "").strip()
            if tracking in seen:
                message = gettext("Order %(number)s has the same tracking number.") % {"number": seen[tracking]}
                self.add_error(name, message)
            elif tracking:
                seen[tracking] = order.number
        return data

    def tracking_field(self, order: Order) -> forms.BoundField:
        return self[f"tracking_{order.pk}"]

    def tracking_numbers(self) -> dict[int, str]:
        return {order.pk: self.cleaned_data[f"tracking_{order.pk}"] for order in self.orders}


@dataclass(frozen=True)
class ShipRow:
    line: int  # the row's line in the file (the header is line 1)
    number: str
    tracking_number: str
    carrier: str


class ShipCsvForm(CarrierChoices, forms.Form):
    """A UTF-8 CSV file with a header row: order_number, tracking_number and optionally carrier. Its `rows()` are
    the file's rows; the admin checks and ships each one."""

    file = forms.FileField(label=_("CSV file"))
    carrier = carrier_field(required=False, help_text=_("For the rows without a carrier column or value."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.carriers_offered()

    def clean_file(self) -> list[ShipRow]:
        upload = self.cleaned_data["file"]
        if upload.size > CSV_MAX_BYTES:
            raise forms.ValidationError(
                gettext("The file is larger than %(size)d MB.") % {"size": CSV_MAX_BYTES // (1024 * 1024)}
            )
        try:
            reader = csv.DictReader(io.StringIO(upload.read().decode("utf-8-sig")))
            header = [(name or "").strip().lower() for name in reader.fieldnames or []]
            records = list(reader)
        except (UnicodeDecodeError, csv.Error):
            raise forms.ValidationError(gettext("The file is not a UTF-8 CSV file.")) from None
        missing = [column for column in CSV_COLUMNS if column not in header]
        if missing:
            raise forms.ValidationError(gettext("Missing columns: %(columns)s") % {"columns": ", ".join(missing)})
        if not records:
            raise forms.ValidationError(gettext("The file has no rows."))
        if len(records) > CSV_MAX_ROWS:
            raise forms.ValidationError(gettext("At most %(count)d rows per file.") % {"count": CSV_MAX_ROWS})
        rows = []
        for line, record in enumerate(records, start=2):
            cells = {(key or "").strip().lower(): (value or "").strip() for key, value in record.items() if key}
            rows.append(
                ShipRow(
                    line=line,
                    number=cells.get("order_number", ""),
                    tracking_number=cells.get("tracking_number", ""),
                    carrier=cells.get("carrier", ""),
                )
            )
        return rows
