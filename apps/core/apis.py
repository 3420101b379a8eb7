"""common/upload and the private-file links (api.md: images are absolute URLs; private files are served only to
their owner and to operators)."""

from typing import Any

from django.http import FileResponse, HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET
from drf_spectacular.utils import extend_schema
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
