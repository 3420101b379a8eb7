from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from apps.accounts.authentication import signed_in
from apps.core.apiview import ApiView
from apps.core.envelope import ok
from apps.core.models import Upload
from apps.core.uploads import upload_url

from .models import Shop
from .selectors import shop_get
from .services import shop_banners_update, shop_update
from .validators import HTTPS_ONLY_MESSAGE, validate_https


class UploadOutputSerializer(serializers.Serializer):
    key = serializers.CharField()
    url = serializers.SerializerMethodField()

    def get_url(self, upload: Upload) -> str | None:
        return upload_url(upload, self.context.get("request"))


class ShopOutputSerializer(serializers.Serializer):
    name = serializers.CharField()
    logo = UploadOutputSerializer(allow_null=True)
    phone = serializers.CharField()
    address = serializers.CharField()
    introduction = serializers.CharField()
    welcome_message = serializers.CharField()
    twitter_url = serializers.CharField()
    google_url = serializers.CharField()
    store_banner = UploadOutputSerializer(allow_null=True)
    ad_banner = UploadOutputSerializer(allow_null=True)


def _shop_data(shop: Shop, request: Request) -> dict:
    return ShopOutputSerializer(shop, context={"request": request}).data


class StoreApi(ApiView):
    """GET: the shop's settings. POST: change the given ones (basic info and social links; others unchanged)."""

    OutputSerializer = ShopOutputSerializer

    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=100, required=False)
        logo = serializers.CharField(max_length=32, required=False, allow_blank=True)
        phone = serializers.RegexField(
            r"^\+?[0-9 ()-]{0,31}$",
            max_length=32,
            required=False,
            allow_blank=True,
            error_messages={"invalid": gettext_lazy("Please enter a valid phone number.")},
        )
        address = serializers.CharField(max_length=255, required=False, allow_blank=True)
        introduction = serializers.CharField(max_length=2000, required=False, allow_blank=True)
        welcome_message = serializers.CharField(max_length=255, required=False, allow_blank=True)
        twitter_url = serializers.URLField(
            max_length=200,
            required=False,
            allow_blank=True,
            validators=[validate_https],
            error_messages={"invalid": HTTPS_ONLY_MESSAGE},
        )
        google_url = serializers.URLField(
            max_length=200,
            required=False,
            allow_blank=True,
            validators=[validate_https],
            error_messages={"invalid": HTTPS_ONLY_MESSAGE},
        )

    def get(self, request: Request) -> Response:
        return ok(_shop_data(shop_get(merchant=signed_in(request)), request))

    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        texts = dict(serializer.validated_data)
        logo_key = texts.pop("logo", None)
        shop_update(merchant=signed_in(request), texts=texts, logo_key=logo_key)
        return ok(_shop_data(shop_get(merchant=signed_in(request)), request), _("Saved successfully"))


class StoreBannerApi(ApiView):
    """POST store_banner and ad_banner: upload keys from common/upload (kind banner); "" removes one."""

    OutputSerializer = ShopOutputSerializer

    class InputSerializer(serializers.Serializer):
        store_banner = serializers.CharField(max_length=32, required=False, allow_blank=True)
        ad_banner = serializers.CharField(max_length=32, required=False, allow_blank=True)

    def get(self, request: Request) -> Response:
        return ok(_shop_data(shop_get(merchant=signed_in(request)), request))

    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        shop_banners_update(
            merchant=signed_in(request),
            store_banner_key=serializer.validated_data.get("store_banner"),
            ad_banner_key=serializer.validated_data.get("ad_banner"),
        )
        return ok(_shop_data(shop_get(merchant=signed_in(request)), request), _("Saved successfully"))
