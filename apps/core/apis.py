"""common/upload, the private-file links (api.md: images are absolute URLs; private files are served only to
their owner and to operators) and merchant/terms, the published terms (apps.core.terms)."""

from typing import Any

from django.conf import settings
from django.http import FileResponse, HttpRequest, JsonResponse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import exceptions, permissions, serializers
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .apiview import ApiView
from .envelope import ok
from .errors import AppError, ErrorCode
from .exceptions import api_404
from .models import Upload
from .selectors import terms_overview
from .services import upload_create
from .throttles import UploadThrottle
from .uploads import file_response, upload_from_signed, upload_url

# What a merchant may upload; before signing in only what the registration form needs.
MERCHANT_KINDS = [
    Upload.Kind.AVATAR,
    Upload.Kind.LOGO,
    Upload.Kind.BANNER,
    Upload.Kind.ID_DOCUMENT,
    Upload.Kind.LICENSE,
    Upload.Kind.VOUCHER,
    Upload.Kind.SUPPORT,
]
REGISTRATION_KINDS = {Upload.Kind.LOGO, Upload.Kind.ID_DOCUMENT, Upload.Kind.LICENSE}


class UploadApi(ApiView):
    permission_classes = [permissions.AllowAny]
    parser_classes = [MultiPartParser, FormParser]
    throttle_classes = [UploadThrottle]

    class InputSerializer(serializers.Serializer):
        file = serializers.FileField(
            error_messages={
                "required": gettext_lazy("Please choose an image"),
                "invalid": gettext_lazy("Please choose an image"),
                "empty": gettext_lazy("The file is empty."),
                "no_name": gettext_lazy("Please choose an image"),
            }
        )
        kind = serializers.ChoiceField(
            choices=MERCHANT_KINDS,
            error_messages={
                "required": gettext_lazy("Please say what the image is for"),
                "invalid_choice": gettext_lazy("This kind of image cannot be uploaded here."),
            },
        )

    class OutputSerializer(serializers.Serializer):
        id = serializers.CharField(source="key")
        url = serializers.CharField()
        kind = serializers.CharField()

    @extend_schema(request={"multipart/form-data": InputSerializer}, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        kind = serializer.validated_data["kind"]
        owner_id = request.user.pk if request.user is not None else None  # UNAUTHENTICATED_USER is None
        if owner_id is None and kind not in REGISTRATION_KINDS:
            raise AppError(_("Please log in first"), ErrorCode.FORBIDDEN)
        upload = upload_create(file=serializer.validated_data["file"], kind=kind, owner_id=owner_id)
        data = {"key": upload.key, "url": upload_url(upload, request), "kind": upload.kind}
        return ok(self.OutputSerializer(data).data, _("Uploaded"))


class TermsVersionSerializer(serializers.Serializer):
    class ValueSerializer(serializers.Serializer):
        name = serializers.CharField(help_text="What the value is, translated (e.g. Profit margin).")
        value = serializers.CharField(help_text='The value as merchants read it (e.g. "15 %").')

    id = serializers.IntegerField()
    effective_from = serializers.DateTimeField(help_text="When this version applies (applied) from.")
    announced_at = serializers.DateTimeField(help_text="When merchants were told of it.")
    change_note = serializers.CharField(help_text="The operators' note: what changes and why (may be empty).")
    values = serializers.SerializerMethodField()

    @extend_schema_field(ValueSerializer(many=True))
    def get_values(self, version: Any) -> list[dict[str, str]]:
        return [{"name": capfirst(name), "value": value} for name, value in version.terms_values()]


class TermsKindSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text='A stable code of the kind of terms, e.g. "shop.level".')
    title = serializers.CharField(help_text="The kind of terms, translated (e.g. Levels).")
    in_force = TermsVersionSerializer(many=True, help_text="The versions in force now (one per level, network...).")
    upcoming = TermsVersionSerializer(many=True, help_text="Announced, not in force yet: soonest first.")
    past = TermsVersionSerializer(many=True, help_text="Replaced versions, newest first (the newest ones only).")
    past_total = serializers.IntegerField(help_text="How many replaced versions there are in all.")


class TermsApi(ApiView):
    class OutputSerializer(serializers.Serializer):
        notice_days = serializers.IntegerField(
            help_text="A new version applies at least this many days after merchants are told of it."
        )
        kinds = TermsKindSerializer(many=True)

    @extend_schema(responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        """The platform's published terms (fees, level terms, deposit details, rates, order windows...): for each kind,
        the versions in force, the ones announced and not in force yet, and the history. What a merchant already paid
        for keeps the terms it was bought with (the level screen shows the merchant's own)."""
        data = {"notice_days": settings.TERMS_NOTICE_DAYS, "kinds": terms_overview()}
        return ok(self.OutputSerializer(data).data)


@require_GET
def private_file(request: HttpRequest, signed: str) -> FileResponse | JsonResponse:
    """Streams a private image to its owner: the merchant whose session token the request carries (the `token`
    header, read by the API's own authentication). The link alone opens nothing: signed out, another merchant's
    session or a tampered or expired link is answered as a missing file. The app sends the header and shows what it
    receives as a blob (an <img> cannot send it); operators open private files from the admin instead.

    A file, not the JSON envelope: a plain view, outside the API's schema.
    """
    upload = upload_from_signed(signed)
    merchant = _signed_in(request)
    if upload is None or merchant is None or upload.owner_id != merchant.pk:
        return api_404(request)  # the envelope also under DEBUG
    return file_response(upload)


def _signed_in(request: HttpRequest) -> Any:
    """The merchant of the request's session token, by the API's authentication (DRF's default classes, the API's
    setting); None without one."""
    api_request = Request(request, authenticators=[auth() for auth in APIView.authentication_classes])
    try:
        return api_request.user
    except exceptions.AuthenticationFailed:
        return None
