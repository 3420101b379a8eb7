from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice

from apps.accounts.constants import MerchantStatus
from apps.accounts.services import merchant_transition, recovery_request, session_create
from apps.catalog.models import ProductImage
from apps.catalog.services import product_image_save
from apps.core.models import Upload
from apps.orders import services as order_services
from apps.orders.constants import GoodsStatus
from apps.support import services as support_services
from apps.support.models import Broadcast
from apps.wallet import services as wallet_services
from tests.accounts.conftest import throttle_rates  # noqa: F401
from tests.factories import (
    DEFAULT_PAY_PASSWORD,
    DepositNetworkFactory,
    MerchantFactory,
    ProductFactory,
    WithdrawalFeeRuleFactory,
    fund,
    image_bytes,
    place_order,
    upload_image,
)


@pytest.fixture
def console_objects(operator):
    return console_world(operator)


def console_world(operator):
    """One object of each kind the operators' console shows and decides on, in the status where each decision is
    open, with the pictures their pages show (an ID document, a support image, a voucher, a product's thumbnail)."""
    pending = MerchantFactory(status=MerchantStatus.PENDING)
    pending.id_front = upload_image(kind=Upload.Kind.ID_DOCUMENT, owner=pending)
    pending.save()
    closed = MerchantFactory()
    merchant_transition(merchant_id=closed.pk, to=MerchantStatus.CLOSED, operator=operator, reason="Fake goods")
    merchant = MerchantFactory()
    session_create(merchant=merchant)
    recovery = recovery_request(
        merchant_id=merchant.pk, new_email="found@example.org", new_phone="", reason="Lost phone", operator=operator
    )
    picture = upload_image(kind=Upload.Kind.SUPPORT, owner=merchant)
    message = support_services.support_send(merchant=merchant, text="Hello?", image_id=picture.key)  # in the queue
    Broadcast.objects.create(title="News", content="Text", created_by=operator)  # queued and never sent
    fund(merchant, "200")
    awaiting = place_order(merchant)
    order_services.order_pick(merchant=merchant, order_id=awaiting.pk, pay_password=DEFAULT_PAY_PASSWORD)
    shipped = place_order(merchant)
    order_services.order_pick(merchant=merchant, order_id=shipped.pk, pay_password=DEFAULT_PAY_PASSWORD)
    order_services.order_ship(order_id=shipped.pk, carrier="DHL", tracking_number="TRK-1", operator=operator)
    order_services.refund_request(order_id=shipped.pk, reason="Crushed", goods_status=GoodsStatus.RETURNED)
    voucher = upload_image(kind="voucher", owner=merchant)
    deposit = wallet_services.deposit_create(
        merchant=merchant,
        method="chain",
        amount=Decimal("60"),
        network_code=DepositNetworkFactory().code,
        voucher_key=voucher.key,
    )
    WithdrawalFeeRuleFactory()
    # A destination that existed before: usable at once (the cooling-off is tests/wallet/test_destinations.py's).
    with override_settings(PAYOUT_COOLING_OFF_HOURS=0):
        wallet_services.withdrawal_create(
            merchant=merchant,
            pay_password=DEFAULT_PAY_PASSWORD,
            method="bank",
            amount=Decimal("30"),
            full_name="A",
            account="40001234",
            bank_name="B",
        )
    # A balance adjustment requested, awaiting a second operator's decision.
    wallet_services.adjustment_request(merchant=merchant, amount=Decimal("5"), reason="Goodwill", operator=operator)
    product = ProductFactory()
    photo = SimpleUploadedFile("photo.png", image_bytes(size=(80, 50)), content_type="image/png")
    product_image_save(image=ProductImage(product=product, image=photo, position=0))
    TOTPDevice.objects.create(user=operator, name="phone")
    StaticDevice.objects.create(user=operator, name="backup").token_set.create(token="12345678")
    return {
        "pending": pending,
        "closed": closed,
        "merchant": merchant,
        "awaiting": awaiting,
        "shipped": shipped,
        "conversation": message.conversation,
        "deposit": deposit,
        "product": product,
        "recovery": recovery,
    }
