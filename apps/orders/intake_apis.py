"""The storefront's intake (product.md 5.1 and 11), under /intake/v1/: a buyer's order, its payment, its cancellation,
the receipt, a refund request and a rating; a shop's visits and follows. Each request is signed by the storefront
(apps.orders.intake) instead of a merchant's session. Every answer is the envelope; the storefront names orders by
its own reference. Each storefront signs with its own key (apps.orders.intake), which bounds what it may do: orders
and visits of the shops it serves, and only the orders it sent."""

import hashlib
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django_countries import countries
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import SimpleRateThrottle

from apps.core.apiview import ApiView
from apps.core.envelope import ok, rejected
from apps.core.errors import ErrorCode
from apps.core.fields import IdField
from apps.core.money import MoneySerializerField
from apps.core.phones import phone_e164
from apps.core.throttles import WindowMixin
from apps.shop import figures as shop_figures

from . import services
from .constants import (
    LINE_QUANTITY_MAX,
    ORDER_LINES_MAX,
    REVIEW_STARS_MAX,
    REVIEW_TEXT_MAX,
    GoodsStatus,
    OrderStatus,
    RefundStatus,
)
from .intake import (
    KEY_HEADER,
    SIGNATURE_HEADER,
    TIMESTAMP_HEADER,
    SignatureError,
    key_serves,
    order_id_by_ref,
    shop_merchant,
    signature_verify,
)
from .models import Order, Refund, StorefrontKey

SIGNED = [
    OpenApiParameter(
        KEY_HEADER,
        str,
        OpenApiParameter.HEADER,
        required=True,
        description="The id of the storefront's key (sfk_...), given by the platform with its secret. An unknown or "
        "deactivated key answers HTTP 403 (code 0).",
    ),
    OpenApiParameter(
        TIMESTAMP_HEADER,
        int,
        OpenApiParameter.HEADER,
        required=True,
        description="The Unix time (seconds) of signing; refused more than 300 seconds away from the server's time.",
    ),
    OpenApiParameter(
        SIGNATURE_HEADER,
        str,
        OpenApiParameter.HEADER,
        required=True,
        description='Hex HMAC-SHA256 with the storefront key\'s secret of the timestamp, ".", and the raw body; each '
        "signature is accepted once. A missing, stale or bad signature, or a replay, answers HTTP 403 (code 0).",
    ),
]


class IntakeOrderSerializer(serializers.Serializer):
    """An order as the storefront sees it."""

    external_ref = serializers.CharField(help_text="The storefront's reference of the order.")
    number = serializers.CharField(help_text="The platform's order number, shown to the merchant.")
    status = serializers.ChoiceField(choices=OrderStatus.choices)
    status_label = serializers.CharField(source="get_status_display")
    quantity = serializers.IntegerField(help_text="Units in all lines.")
    stock_reserved = serializers.BooleanField(
        help_text="Whether its units are out of the stock for it. An unpaid order holds them only within the "
        "platform's bounds (docs/storefront.md: ORDER_UNPAID_*); one placed holding nothing takes them when it is "
        "paid, and order/paid is refused, changing nothing, when they are gone by then."
    )
    total_payment = MoneySerializerField(help_text="What the buyer pays: retail price x quantity of every line.")
    created_at = serializers.DateTimeField()
    paid_at = serializers.DateTimeField(allow_null=True)


class IntakeRefundSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    amount = MoneySerializerField()
    reason = serializers.CharField()
    goods_status = serializers.ChoiceField(choices=GoodsStatus.choices)
    status = serializers.ChoiceField(choices=RefundStatus.choices)
    status_label = serializers.CharField(source="get_status_display")


class ExternalRefInputSerializer(serializers.Serializer):
    external_ref = serializers.CharField(max_length=64, help_text="The storefront's reference of the order.")


class IntakeApi(ApiView):
    """Base of the intake views: no merchant session; the storefront's signature with its key is the authentication.
    Before the view runs, in this order: an unknown parameter is refused, then a malformed body (the view's
    InputSerializer), then a missing, stale, bad or replayed signature or an unknown or deactivated key; only a
    well-formed request spends its signature. Then a shop the key does not serve, named in the body, is refused. Last,
    the view's throttles, which count by what the body names (a shop, a visitor), signed requests only: an unsigned
    request, or one for a shop its key does not serve, spends no shop's allowance. The view reads the validated body
    from `self.input` and the key that signed it from `self.storefront_key`."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]  # JSON only: the signature covers the raw body as sent
    # One caller sends every buyer's checkout from a few addresses: a per-address rate would refuse buyers. A request
    # without a valid signature costs one HMAC and is refused before any write.
    throttle_classes: list[Any] = []
    InputSerializer: type[serializers.Serializer]

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        body = request.body  # the raw bytes signed, read before the parsers consume the stream
        super().initial(request, *args, **kwargs)
        if not hasattr(self, str(request.method).lower()):
            return  # 405 for a method the view lacks, whoever asks
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        self.storefront_key: StorefrontKey = signature_verify(
            key_id=request.headers.get(KEY_HEADER),
            timestamp=request.headers.get(TIMESTAMP_HEADER),
            signature=request.headers.get(SIGNATURE_HEADER),
            body=body,
        )
        self.input: dict[str, Any] = data.validated_data
        if "shop" in self.input:  # before the throttles: a key spends no allowance of a shop it does not serve
            key_serves(self.storefront_key, self.input["shop"])
        super().check_throttles(request)

    def check_throttles(self, request: Request) -> None:
        """Nothing before the signature: initial() runs DRF's check after it."""

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, SignatureError):
            return rejected(exc.message, {"error": int(ErrorCode.FORBIDDEN)}, status.HTTP_403_FORBIDDEN)
        if isinstance(exc, RequestDataTooBig):
            return rejected(_("The request is too large."), None, status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
        return super().handle_exception(exc)


class IntakeOrderCreateApi(IntakeApi):
    class InputSerializer(serializers.Serializer):
        class LineSerializer(serializers.Serializer):
            goods = IdField(help_text="A listing of the shop (its shop goods id).")
            quantity = serializers.IntegerField(min_value=1, max_value=LINE_QUANTITY_MAX)

            def to_internal_value(self, data: Any) -> Any:
                # A line takes only its two fields, like the request itself (apps.core.apiview).
                unknown = sorted(set(data) - set(self.fields)) if isinstance(data, dict) else []
                if unknown:
                    message = ngettext(
                        "Unknown parameter: %(names)s", "Unknown parameters: %(names)s", len(unknown)
                    ) % {"names": ", ".join(name[:64] for name in unknown)}
                    raise serializers.ValidationError({name[:64]: [message] for name in unknown})
                return super().to_internal_value(data)

        external_ref = serializers.CharField(max_length=64, help_text="The storefront's reference, unique.")
        shop = IdField(help_text="The shop's id.")
        lines = serializers.ListField(  # errors by the line's index: {"1": {"quantity": [...]}}
            child=LineSerializer(),
            min_length=1,
            max_length=ORDER_LINES_MAX,
            help_text="Each listing at most once.",
        )
        ship_name = serializers.CharField(max_length=100)
        ship_phone = serializers.CharField(
            max_length=32, help_text="A phone number of ship_country (its own or the international way); kept in E.164."
        )
        ship_address = serializers.CharField(max_length=255)
        ship_country = serializers.CharField(min_length=2, max_length=2, help_text="ISO 3166-1 alpha-2 code.")

        def validate_ship_country(self, value: str) -> str:
            if value.upper() not in countries:
                raise serializers.ValidationError(_("The country is not valid."))
            return value.upper()

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            try:
                attrs["ship_phone"] = phone_e164(attrs["ship_phone"], attrs["ship_country"])
            except DjangoValidationError as error:
                raise serializers.ValidationError({"ship_phone": error.messages}) from None
            return attrs

    @extend_schema(parameters=SIGNED, responses=IntakeOrderSerializer)
    def post(self, request: Request) -> Response:
        """A buyer's order in an open shop the key serves, awaiting payment: its listings must be on sale and in
        stock. The storefront reference is taken once; the order is answered with its number and total. The order
        records the key that sent it: the merchant sees the storefront's name."""
        v = self.input
        order = services.order_create(
            storefront_key=self.storefront_key,
            shop_id=v["shop"],
            external_ref=v["external_ref"],
            lines=[services.LineRequest(goods_id=line["goods"], quantity=line["quantity"]) for line in v["lines"]],
            ship_name=v["ship_name"],
            ship_phone=v["ship_phone"],
            ship_address=v["ship_address"],
            ship_country=v["ship_country"],
        )
        return ok(IntakeOrderSerializer(order).data, _("Order received."))


class IntakeOrderPaidApi(IntakeApi):
    class InputSerializer(ExternalRefInputSerializer):
        payment_reference = serializers.CharField(
            max_length=100,
            help_text="The payment provider's reference of the buyer's payment: required, shown to the merchant.",
        )

    @extend_schema(parameters=SIGNED, responses=IntakeOrderSerializer)
    def post(self, request: Request) -> Response:
        """The buyer paid an order awaiting payment: it now awaits the merchant's pickup, its payment reference shown
        to the merchant. An order that held nothing (stock_reserved false) takes its units now, and is refused,
        unchanged, when they are gone."""
        v = self.input
        order = services.order_pay(
            order_id=order_id_by_ref(v["external_ref"], self.storefront_key), payment_reference=v["payment_reference"]
        )
        return ok(IntakeOrderSerializer(order).data, _("Payment recorded."))


class IntakeOrderCancelApi(IntakeApi):
    class InputSerializer(ExternalRefInputSerializer):
        pass

    @extend_schema(parameters=SIGNED, responses=IntakeOrderSerializer)
    def post(self, request: Request) -> Response:
        """The buyer cancels an order not yet picked up (a paid one is refunded in full)."""
        order = services.order_cancel(order_id=order_id_by_ref(self.input["external_ref"], self.storefront_key))
        return ok(IntakeOrderSerializer(order).data, _("Order cancelled."))


class IntakeOrderConfirmApi(IntakeApi):
    class InputSerializer(ExternalRefInputSerializer):
        pass

    @extend_schema(parameters=SIGNED, responses=IntakeOrderSerializer)
    def post(self, request: Request) -> Response:
        """The buyer confirms receipt of a shipped order: it is pending settlement."""
        order = services.order_confirm_receipt(
            order_id=order_id_by_ref(self.input["external_ref"], self.storefront_key)
        )
        return ok(IntakeOrderSerializer(order).data, _("Receipt confirmed."))


OUTCOMES = [
    ("cancelled", gettext_lazy("Cancelled at once (not picked up yet)")),
    ("requested", gettext_lazy("Refund requested")),
]


class IntakeOrderRefundApi(IntakeApi):
    class InputSerializer(ExternalRefInputSerializer):
        reason = serializers.CharField(max_length=255)
        goods_status = serializers.ChoiceField(choices=GoodsStatus.choices)

    class OutputSerializer(serializers.Serializer):
        outcome = serializers.ChoiceField(
            choices=OUTCOMES,
            help_text="cancelled: the order was not picked up yet and is cancelled now (a paid one refunded in full); "
            "requested: a refund request awaits the platform's decision.",
        )
        order = IntakeOrderSerializer()
        refund = IntakeRefundSerializer(allow_null=True, help_text="The open request; null when cancelled.")

    @extend_schema(parameters=SIGNED)
    def post(self, request: Request) -> Response:
        """The buyer asks for a refund: a request the platform decides once for a picked-up order; an order not
        picked up yet is cancelled at once instead."""
        v = self.input
        result = services.refund_request(
            order_id=order_id_by_ref(v["external_ref"], self.storefront_key),
            reason=v["reason"],
            goods_status=v["goods_status"],
        )
        if isinstance(result, Refund):
            answer = {"outcome": "requested", "order": result.order, "refund": result}
            message = _("Refund requested. The platform will decide it.")
        else:
            assert isinstance(result, Order)
            answer = {"outcome": "cancelled", "order": result, "refund": None}
            message = _("The order was not picked up yet, so it was cancelled at once.")
        return ok(self.OutputSerializer(answer).data, message)


class IntakeReviewApi(IntakeApi):
    class InputSerializer(ExternalRefInputSerializer):
        stars = serializers.IntegerField(min_value=1, max_value=REVIEW_STARS_MAX)
        text = serializers.CharField(max_length=REVIEW_TEXT_MAX, allow_blank=True, default="")

    class OutputSerializer(serializers.Serializer):
        stars = serializers.IntegerField()
        text = serializers.CharField()
        created_at = serializers.DateTimeField()

    @extend_schema(parameters=SIGNED, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        """The buyer reviews a received order, once, with 1 to 5 stars: the shop's rating is the average."""
        v = self.input
        review = services.review_add(
            order_id=order_id_by_ref(v["external_ref"], self.storefront_key), stars=v["stars"], text=v["text"]
        )
        return ok(self.OutputSerializer(review).data, _("Rating recorded."))


class ShopInputSerializer(serializers.Serializer):
    shop = IdField(help_text="The shop's id.")


class IntakeShopThrottle(WindowMixin, SimpleRateThrottle):
    """Visits and follows of one shop (scope `intake_shop`): however many keys the storefront sends, a shop's
    counts grow at most this fast."""

    scope = "intake_shop"

    def get_cache_key(self, request: Request, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": view.input["shop"]}


class IntakeVisitorThrottle(WindowMixin, SimpleRateThrottle):
    """Calls for one visitor or buyer key in one shop (scope `intake_visitor`): one key's visits, follows and
    unfollows (the view's `key_field`). The key is the storefront's text: hashed into the cache key."""

    scope = "intake_visitor"

    def get_cache_key(self, request: Request, view: Any) -> str:
        key = hashlib.sha256(view.input[view.key_field].encode()).hexdigest()[:32]
        return self.cache_format % {"scope": self.scope, "ident": f"{view.input['shop']}:{key}"}


class IntakeVisitApi(IntakeApi):
    throttle_classes = [IntakeShopThrottle, IntakeVisitorThrottle]
    key_field = "visitor"

    class InputSerializer(ShopInputSerializer):
        visitor = serializers.CharField(
            max_length=64, help_text="The storefront's anonymous key of the visitor (no personal data)."
        )

    class OutputSerializer(serializers.Serializer):
        counted = serializers.BooleanField(help_text="True for the visitor's first visit this date in the shop.")

    @extend_schema(parameters=SIGNED, responses=OutputSerializer)
    def post(self, request: Request) -> Response:
        """A visitor opened the shop: counted once per visitor and date (in the merchant's time zone)."""
        counted = shop_figures.visit_record(merchant=shop_merchant(self.input["shop"]), key=self.input["visitor"])
        return ok(self.OutputSerializer({"counted": counted}).data, _("Visit recorded."))


class FollowInputSerializer(ShopInputSerializer):
    buyer = serializers.CharField(max_length=64, help_text="The storefront's key of the buyer.")


class FollowOutputSerializer(serializers.Serializer):
    changed = serializers.BooleanField(help_text="False when the buyer already followed (or did not follow) it.")


class IntakeFollowApi(IntakeApi):
    InputSerializer = FollowInputSerializer
    throttle_classes = [IntakeShopThrottle, IntakeVisitorThrottle]
    key_field = "buyer"

    @extend_schema(parameters=SIGNED, responses=FollowOutputSerializer)
    def post(self, request: Request) -> Response:
        """A buyer follows the shop."""
        changed = shop_figures.follow(merchant=shop_merchant(self.input["shop"]), buyer=self.input["buyer"])
        return ok(FollowOutputSerializer({"changed": changed}).data, _("Following the shop."))


class IntakeUnfollowApi(IntakeApi):
    InputSerializer = FollowInputSerializer
    throttle_classes = [IntakeShopThrottle, IntakeVisitorThrottle]
    key_field = "buyer"

    @extend_schema(parameters=SIGNED, responses=FollowOutputSerializer)
    def post(self, request: Request) -> Response:
        """A buyer stops following the shop."""
        changed = shop_figures.unfollow(merchant=shop_merchant(self.input["shop"]), buyer=self.input["buyer"])
        return ok(FollowOutputSerializer({"changed": changed}).data, _("No longer following the shop."))
