"""The merchant's exports: asking for one (merchant/export) and downloading it by its signed link.

The API authenticates with the `token` header, which a browser's download (a link, window.location) cannot send. So
the app POSTs what it wants; the answer is a short-lived link (settings.EXPORT_LINK_TTL_SECONDS) signed with
django.core.signing, bound to the merchant and to the session that asked (signing out ends it), whose GET streams
the file."""

from datetime import date, timedelta

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponseBase
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.accounts.models import AuthToken, Merchant
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.exceptions import api_404
from apps.core.exports import ExportFormat, export_response
from apps.core.throttles import UserRateThrottle
from apps.shop.figures import zone_of

from .exports import EXPORT_DAYS_MAX, ExportKind, export_of
from .throttles import ExportDayThrottle, ExportThrottle

_SALT = "orders.export"
# The earliest date an export may start on: before the platform, nothing was recorded.
EARLIEST = date(2020, 1, 1)


class ExportApi(ApiView):
    throttle_classes = [UserRateThrottle, ExportThrottle, ExportDayThrottle]

    class InputSerializer(serializers.Serializer):
        kind = serializers.ChoiceField(
            choices=[kind.value for kind in ExportKind],
            help_text="funds (the funds records), orders (one row per order line) or finance (Finance by date).",
            error_messages={"invalid_choice": gettext_lazy("Please choose what to export.")},
        )
        start = serializers.DateField(help_text="The first local date (the merchant's time zone), inclusive.")
        end = serializers.DateField(help_text="The last local date, inclusive.")
        format = serializers.ChoiceField(
            choices=[value.value for value in ExportFormat],
            default=ExportFormat.CSV.value,
            help_text="csv (UTF-8 with BOM, the language's separator) or xlsx.",
            error_messages={"invalid_choice": gettext_lazy("Please choose CSV or Excel.")},
        )

        def validate(self, attrs: dict) -> dict:
            start, end = attrs["start"], attrs["end"]
            if start > end:
                raise serializers.ValidationError({"end": [_("The end date cannot be before the start date.")]})
            if (end - start).days + 1 > EXPORT_DAYS_MAX:
                raise serializers.ValidationError(
                    {"end": [_("An export covers at most %(days)d days.") % {"days": EXPORT_DAYS_MAX}]}
                )
            if start < EARLIEST or end > timezone.now().date() + timedelta(days=1):
                raise serializers.ValidationError({"start": [_("Please choose dates up to today.")]})
            return attrs

    class OutputSerializer(serializers.Serializer):
        url = serializers.CharField(help_text="The download: a GET of it streams the file, without the token header.")
        filename = serializers.CharField()
        expires_in = serializers.IntegerField(help_text="Seconds the link downloads for.")

    @extend_schema(request=InputSerializer, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        """Asks for an export of the merchant's local dates start to end (at most 366 days): the funds records, the
        orders placed or Finance's figures by date, as CSV or XLSX, headers and labels in the request's language.
        Answers a signed link for this merchant and session, valid a few minutes (a few exports a minute, some a
        day: the throttle answers code 0)."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        merchant = signed_in(request)
        token = request.auth
        kind = ExportKind(v["kind"])
        payload = {
            "m": merchant.pk,
            "t": token.pk if isinstance(token, AuthToken) else None,
            "k": kind.value,
            "s": v["start"].isoformat(),
            "e": v["end"].isoformat(),
            "f": v["format"],
            "l": translation.get_language(),
        }
        signed = signing.dumps(payload, salt=_SALT, compress=True)
        url = request.build_absolute_uri(reverse("orders-export-download", kwargs={"signed": signed}))
        filename = f"{export_of(merchant=merchant, kind=kind, start=v['start'], end=v['end']).filename}.{v['format']}"
        return ok({"url": url, "filename": filename, "expires_in": settings.EXPORT_LINK_TTL_SECONDS})


def _merchant_of(payload: dict) -> Merchant | None:
    """The merchant the link was signed for, while the session that asked for it is live."""
    token_id, merchant_id = payload.get("t"), payload.get("m")
    if not isinstance(token_id, int) or not isinstance(merchant_id, int):
        return None
    token = (
        AuthToken.objects.filter(
            pk=token_id, merchant_id=merchant_id, revoked_at__isnull=True, expires_at__gt=timezone.now()
        )
        .select_related("merchant")
        .first()
    )
    return token.merchant if token is not None else None


def export_download(request: HttpRequest, signed: str) -> HttpResponseBase:
    """Streams the export a link of merchant/export names (Content-Disposition: attachment): CSV as its rows are
    read, XLSX once written. A tampered or expired link, or one whose session has ended, is answered as missing.
    A file, not the JSON envelope: a plain view, outside the API's schema."""
    try:
        payload = signing.loads(signed, salt=_SALT, max_age=settings.EXPORT_LINK_TTL_SECONDS)
        kind, export_format = ExportKind(payload["k"]), ExportFormat(payload["f"])
        start, end = date.fromisoformat(payload["s"]), date.fromisoformat(payload["e"])
        language = str(payload["l"])
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return api_404(request)
    merchant = _merchant_of(payload)
    if merchant is None:
        return api_404(request)
    export = export_of(merchant=merchant, kind=kind, start=start, end=end)
    return export_response(
        filename=export.filename,
        columns=export.columns,
        rows=export.rows(),
        format=export_format,
        language=language,
        zone=zone_of(merchant),
    )
