"""common/upload and the private-file links (api.md: images are absolute URLs; private files expire)."""

import mimetypes

from django.http import FileResponse, HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from .apiview import ApiView
from .envelope import ok
from .errors import AppError, ErrorCode
from .exceptions import api_404
from .models import Upload
from .services import upload_create
from .throttles import UploadThrottle
from .uploads import upload_from_signed, upload_url

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
    """Streams a private image to whoever holds an unexpired signed link (its owner, an operator)."""
    upload = upload_from_signed(signed)
    if upload is None:
        return api_404(request)  # tampered, expired or not a private file; the envelope also under DEBUG
    content_type = mimetypes.guess_type(upload.file.name or "")[0] or "application/octet-stream"
    response = FileResponse(upload.file.open("rb"), content_type=content_type)
    response["Cache-Control"] = "private, max-age=300"
    response["X-Content-Type-Options"] = "nosniff"
    return response
