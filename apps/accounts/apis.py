"""The account part of the merchant API (spec section 7): one APIView per path."""

import re
from typing import Any

from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.core.envelope import ok
from apps.core.i18n import NATIVE_NAMES, django_lang
from apps.core.uploads import upload_url

from . import services
from .authentication import signed_in, signed_in_or_none
from .constants import MerchantStatus
from .models import Merchant
from .selectors import invitation_verify, merchant_info_get
from .throttles import LoginAccountThrottle, LoginIpThrottle, SendCodeAccountThrottle, SendCodeIpThrottle

PAY_PASSWORD_RE = re.compile(r"[0-9]{6}")
CHINESE = {"zh-hans", "zh-hant"}


def _say(message: Any) -> dict[str, Any]:
    """The same translated message whether a field is missing, blank or null."""
    return {"required": message, "blank": message, "null": message}


def _client(request: Request) -> dict[str, Any]:
    return {"user_agent": request.headers.get("user-agent", ""), "ip": request.META.get("REMOTE_ADDR") or None}


def _password_rules(password: str, confirm: str, merchant: Merchant | None = None) -> None:
    """Both entries must match and pass Django's password validators."""
    if password != confirm:
        raise serializers.ValidationError({"password_confirm": [_("Passwords entered do not match")]})
    try:
        password_validation.validate_password(password, merchant)  # type: ignore[arg-type]
    except DjangoValidationError as exc:
        raise serializers.ValidationError({"password": list(exc.messages)}) from None


class PasswordPairSerializer(serializers.Serializer):
    password = serializers.CharField(
        max_length=128, trim_whitespace=False, error_messages=_say(gettext_lazy("Please enter the new password"))
    )
    password_confirm = serializers.CharField(
        max_length=128, trim_whitespace=False, error_messages=_say(gettext_lazy("Please enter the password again"))
    )

    def validate(self, attrs: dict) -> dict:
        _password_rules(attrs["password"], attrs["password_confirm"], self.context.get("merchant"))
        return attrs


# ---------- the merchant summary (getMerInfo and `merinfo`) ----------
class _ShopSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    logo = serializers.SerializerMethodField()
    phone = serializers.CharField()
    address = serializers.CharField()

    def get_logo(self, shop) -> str | None:  # type: ignore[no-untyped-def]
        return upload_url(shop.logo, self.context.get("request"))


class _LevelSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    rank = serializers.IntegerField()
    name = serializers.CharField()
    profit_margin = serializers.DecimalField(max_digits=5, decimal_places=4)


class MerInfoSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    phone = serializers.CharField()
    email = serializers.EmailField(allow_null=True)
    real_name = serializers.CharField()
    country = serializers.CharField()
    avatar = serializers.SerializerMethodField()
    verified = serializers.SerializerMethodField()
    status = serializers.ChoiceField(choices=MerchantStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    status_reason = serializers.CharField()
    language = serializers.CharField()
    has_pay_password = serializers.SerializerMethodField()
    invite_code = serializers.CharField()
    created_at = serializers.DateTimeField()
    shop = _ShopSummarySerializer(allow_null=True)
    level = _LevelSummarySerializer(allow_null=True)
    balance = serializers.CharField(source="wallet.balance")
    pending_amount = serializers.CharField(source="wallet.pending_amount")
    total_income = serializers.CharField(source="wallet.total_income")

    def get_avatar(self, merchant: Merchant) -> str | None:
        return upload_url(merchant.avatar, self.context.get("request"))

    def get_verified(self, merchant: Merchant) -> bool:
        return merchant.status == "active"

    def get_has_pay_password(self, merchant: Merchant) -> bool:
        return bool(merchant.pay_password)


class MerInfoWithTokenSerializer(MerInfoSerializer):
    token = serializers.SerializerMethodField()

    def get_token(self, merchant: Merchant) -> str:
        return self.context["token"]


class SignedInOutputSerializer(serializers.Serializer):
    """login: {merinfo}."""

    merinfo = MerInfoWithTokenSerializer()


class ThirdOutputSerializer(serializers.Serializer):
    """third: {status: 1, merinfo} for a linked identity, {status: 0} for an unknown one."""

    status = serializers.ChoiceField(choices=[0, 1])
    merinfo = MerInfoWithTokenSerializer(required=False)


def _signed_in(request: Request, merchant: Merchant, token: str, **extra: object) -> dict:
    merinfo = MerInfoWithTokenSerializer(
        merchant_info_get(merchant_id=merchant.pk), context={"request": request, "token": token}
    ).data
    return {**extra, "merinfo": merinfo}


class PublicApi(APIView):
    """Signed-out screens: no token is read, so a stale one cannot turn the answer into a 401."""

    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]


# ---------- sign-in ----------
class LoginApi(PublicApi):
    throttle_classes = [LoginIpThrottle, LoginAccountThrottle]

    class InputSerializer(serializers.Serializer):
        account = serializers.CharField(
            max_length=254, error_messages=_say(gettext_lazy("Please enter phone number or email"))
        )
        password = serializers.CharField(
            max_length=128, trim_whitespace=False, error_messages=_say(gettext_lazy("Please enter the password"))
        )

    @extend_schema(request=InputSerializer, responses=SignedInOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        merchant, token = services.merchant_login(**serializer.validated_data, **_client(request))
        return ok(_signed_in(request, merchant, token), _("Login successful"))


# ---------- registration ----------
class IdDocumentsSerializer(serializers.Serializer):
    """The KYC images: keys returned by common/upload (kind id_document; license: kind license, optional)."""

    id_front = serializers.CharField(
        max_length=32, error_messages=_say(gettext_lazy("Please upload the front of your ID card"))
    )
    id_back = serializers.CharField(
        max_length=32, error_messages=_say(gettext_lazy("Please upload the back of your ID card"))
    )
    id_hand = serializers.CharField(
        max_length=32, error_messages=_say(gettext_lazy("Please upload a photo of you holding your ID card"))
    )
    license = serializers.CharField(max_length=32, required=False, allow_blank=True, default="")


class RegistrationInputSerializer(IdDocumentsSerializer, PasswordPairSerializer):
    invite_code = serializers.CharField(
        max_length=32, error_messages=_say(gettext_lazy("Please enter the invitation code"))
    )
    logo = serializers.CharField(max_length=32, error_messages=_say(gettext_lazy("Please upload the store logo")))
    shop_name = serializers.CharField(max_length=100, error_messages=_say(gettext_lazy("Please enter the store name")))
    shop_address = serializers.CharField(
        max_length=255, error_messages=_say(gettext_lazy("Please enter the store address"))
    )
    country = serializers.CharField(max_length=64, error_messages=_say(gettext_lazy("Please enter the country")))
    phone = serializers.CharField(max_length=32, error_messages=_say(gettext_lazy("Please enter the phone number")))
    real_name = serializers.CharField(max_length=100, error_messages=_say(gettext_lazy("Please enter your real name")))
    email = serializers.EmailField(
        max_length=254,
        required=False,
        allow_blank=True,
        default="",
        error_messages={"invalid": gettext_lazy("Please enter a valid email address")},
    )

    def validate_phone(self, value: str) -> str:
        phone = re.sub(r"[\s\-().]", "", value)
        if not re.fullmatch(r"\+?[0-9]{6,20}", phone):
            raise serializers.ValidationError(_("Please enter a valid phone number"))
        return phone

    def validate(self, attrs: dict) -> dict:
        # Email is optional only when the interface language is Chinese (product.md section 3).
        if not attrs.get("email") and translation.get_language() not in CHINESE:
            raise serializers.ValidationError({"email": [_("Please enter your email address")]})
        return super().validate(attrs)

    def registration(self) -> services.Registration:
        data = dict(self.validated_data)
        data.pop("password_confirm")
        return services.Registration(**data)


class RegisterOutputSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=MerchantStatus.choices)
    status_label = serializers.CharField(source="get_status_display")


def _registered(merchant: Merchant) -> Response:
    return ok(
        RegisterOutputSerializer(merchant).data,
        _("Registration submitted. Your documents are under review; we will notify you of the result."),
    )


class RegisterApi(PublicApi):
    @extend_schema(request=RegistrationInputSerializer, responses=RegisterOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = RegistrationInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return _registered(services.merchant_register(registration=serializer.registration()))


class VerifyCodeApi(PublicApi):
    class InputSerializer(serializers.Serializer):
        invite_code = serializers.CharField(
            max_length=32, error_messages=_say(gettext_lazy("Please enter the invitation code"))
        )

    class OutputSerializer(serializers.Serializer):
        invite_code = serializers.CharField()

    @extend_schema(request=InputSerializer, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        code = invitation_verify(code=serializer.validated_data["invite_code"])
        return ok(self.OutputSerializer({"invite_code": code}).data, _("The invitation code is valid"))


class ResubmitApi(APIView):
    """A rejected merchant sends new ID documents (uploaded while signed in) for another review."""

    @extend_schema(request=IdDocumentsSerializer, responses=RegisterOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = IdDocumentsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return _registered(services.merchant_resubmit(merchant=signed_in(request), **serializer.validated_data))


# ---------- third-party sign-in ----------
class PartnerPayloadSerializer(serializers.Serializer):
    data = serializers.CharField(  # type: ignore[assignment]  # a field named `data` (spec), not Serializer.data
        max_length=4096, error_messages=_say(gettext_lazy("The sign-in link is incomplete"))
    )
    code = serializers.CharField(max_length=128, error_messages=_say(gettext_lazy("The sign-in link is incomplete")))
    mer = serializers.CharField(max_length=64, error_messages=_say(gettext_lazy("The sign-in link is incomplete")))


class ThirdApi(PublicApi):
    throttle_classes = [LoginIpThrottle]

    @extend_schema(request=PartnerPayloadSerializer, responses=ThirdOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = PartnerPayloadSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        payload = serializer.validated_data
        merchant, token = services.third_party_login(
            data=payload["data"], code=payload["code"], partner=payload["mer"], **_client(request)
        )
        if merchant is None or token is None:
            return ok({"status": 0}, _("Please complete your registration"))
        return ok(_signed_in(request, merchant, token, status=1), _("Login successful"))


class TkRegisterApi(PublicApi):
    class InputSerializer(RegistrationInputSerializer, PartnerPayloadSerializer):
        def registration(self) -> services.Registration:
            data = dict(self.validated_data)
            for key in ("password_confirm", "data", "code", "mer"):
                data.pop(key)
            return services.Registration(**data)

    @extend_schema(request=InputSerializer, responses=RegisterOutputSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        payload = serializer.validated_data
        merchant = services.merchant_tkregister(
            registration=serializer.registration(), data=payload["data"], code=payload["code"], partner=payload["mer"]
        )
        return _registered(merchant)


# ---------- passwords ----------
class ResetPwdApi(APIView):
    """Signed in: change the password with the old one. Signed out: reset it with a one-time code."""

    permission_classes = [permissions.AllowAny]

    class ChangeInputSerializer(PasswordPairSerializer):
        old_password = serializers.CharField(
            max_length=128, trim_whitespace=False, error_messages=_say(gettext_lazy("Please enter the old password"))
        )

    class ResetInputSerializer(PasswordPairSerializer):
        account = serializers.CharField(
            max_length=254, error_messages=_say(gettext_lazy("Please enter phone number or email"))
        )
        code = serializers.CharField(
            max_length=12, error_messages=_say(gettext_lazy("Please enter the verification code"))
        )

    @extend_schema(
        request=PolymorphicProxySerializer(
            component_name="ResetPwdInput",
            serializers=[ChangeInputSerializer, ResetInputSerializer],
            resource_type_field_name=None,
        ),
        responses=None,
    )
    def post(self, request: Request) -> Response:
        merchant = signed_in_or_none(request)
        if merchant is not None:
            change = self.ChangeInputSerializer(data=request.data, context={"merchant": merchant})
            change.is_valid(raise_exception=True)
            services.password_change(
                merchant=merchant,
                old_password=change.validated_data["old_password"],
                password=change.validated_data["password"],
            )
        else:
            reset = self.ResetInputSerializer(data=request.data)
            reset.is_valid(raise_exception=True)
            services.password_reset(
                account=reset.validated_data["account"],
                code=reset.validated_data["code"],
                password=reset.validated_data["password"],
            )
        return ok(None, _("Password changed. Please log in again."))


class SendCodeApi(PublicApi):
    throttle_classes = [SendCodeIpThrottle, SendCodeAccountThrottle]

    class InputSerializer(serializers.Serializer):
        account = serializers.CharField(
            max_length=254, error_messages=_say(gettext_lazy("Please enter phone number or email"))
        )

    @extend_schema(request=InputSerializer, responses=None)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.one_time_code_send(account=serializer.validated_data["account"])
        return ok(None, _("If this account exists, a verification code has been sent to it."))


class LogoutApi(APIView):
    @extend_schema(request=None, responses=None)
    def post(self, request: Request) -> Response:
        services.session_revoke(token_ids=[request.auth.pk])
        return ok(None, _("You have logged out"))


# ---------- payment password ----------
class PayPasswordField(serializers.CharField):
    def __init__(self, missing: Any, **kwargs: Any) -> None:
        super().__init__(max_length=32, trim_whitespace=False, error_messages=_say(missing), **kwargs)


class ResetPayApi(APIView):
    class InputSerializer(serializers.Serializer):
        pay_password = PayPasswordField(gettext_lazy("Please enter the payment password"))
        pay_password_confirm = PayPasswordField(gettext_lazy("Please enter the payment password again"))
        old_pay_password = serializers.CharField(max_length=32, required=False, allow_blank=True, default="")
        password = serializers.CharField(
            max_length=128, required=False, allow_blank=True, default="", trim_whitespace=False
        )

        def validate_pay_password(self, value: str) -> str:
            if not PAY_PASSWORD_RE.fullmatch(value):
                raise serializers.ValidationError(_("The payment password must be exactly 6 digits"))
            return value

        def validate(self, attrs: dict) -> dict:
            if attrs["pay_password"] != attrs["pay_password_confirm"]:
                raise serializers.ValidationError({"pay_password_confirm": [_("Passwords entered do not match")]})
            return attrs

    @extend_schema(request=InputSerializer, responses=None)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        services.pay_password_set(
            merchant=signed_in(request),
            pay_password=data["pay_password"],
            old_pay_password=data["old_pay_password"],
            password=data["password"],
        )
        return ok(None, _("Payment password saved"))


class VerifyPayApi(APIView):
    class InputSerializer(serializers.Serializer):
        pay_password = PayPasswordField(gettext_lazy("Please enter the payment password"))

    @extend_schema(request=InputSerializer, responses=None)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.pay_password_check(merchant=signed_in(request), raw=serializer.validated_data["pay_password"])
        return ok(None, _("Payment password verified"))


# ---------- profile and language ----------
class GetMerInfoApi(APIView):
    @extend_schema(responses=MerInfoSerializer)
    def get(self, request: Request) -> Response:
        merchant = merchant_info_get(merchant_id=signed_in(request).pk)
        return ok(MerInfoSerializer(merchant, context={"request": request}).data)


class AvatarApi(APIView):
    """Sets the avatar to an image uploaded with common/upload (kind avatar); an empty key removes it."""

    class InputSerializer(serializers.Serializer):
        avatar = serializers.CharField(
            max_length=32,
            allow_blank=True,
            error_messages={
                "required": gettext_lazy("Please choose an avatar image"),
                "null": gettext_lazy("Please choose an avatar image"),
            },
        )

    @extend_schema(request=InputSerializer, responses=MerInfoSerializer)
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        avatar = serializer.validated_data["avatar"]
        me = signed_in(request)
        services.merchant_avatar_set(merchant=me, avatar=avatar)
        merchant = merchant_info_get(merchant_id=me.pk)
        return ok(
            MerInfoSerializer(merchant, context={"request": request}).data,
            _("Avatar saved") if avatar else _("Avatar removed"),
        )


class SetLanguageApi(APIView):
    class InputSerializer(serializers.Serializer):
        lang = serializers.CharField(max_length=16, error_messages=_say(gettext_lazy("Please choose a language")))

    class OutputSerializer(serializers.Serializer):
        lang = serializers.CharField()

    @extend_schema(parameters=[InputSerializer], responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.query_params)
        serializer.is_valid(raise_exception=True)
        lang = serializer.validated_data["lang"]
        services.merchant_language_set(merchant=signed_in(request), lang=lang)
        with translation.override(django_lang(lang)):
            return ok(self.OutputSerializer({"lang": lang}).data, _("Language saved"))


class LanguageSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()


class LanguageListApi(PublicApi):
    class OutputSerializer(serializers.Serializer):
        list = LanguageSerializer(many=True)

    @extend_schema(responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        languages = [{"code": code, "name": name} for code, name in NATIVE_NAMES.items()]
        return ok(self.OutputSerializer({"list": languages}).data)
