"""Attack 3 of issue 32, fake paid orders: where each order came from is recorded and shown to its merchant, and the
order intake trusts no secret shared by every storefront. An external storefront signs with its own key, created in
the console only by an operator holding orders.add_storefrontkey, which serves the shops it names and acts only on the
orders it sent; the platform's storefront creates its orders in-process and only its payment provider's verified
webhook pays them. A paid order always names its payment (a database constraint)."""

import json
import time
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from apps.accounts.models import OperatorAction
from apps.core.errors import AppError, ErrorCode
from apps.orders import services
from apps.orders.constants import OrderSource, OrderStatus
from apps.orders.intake import KEY_ADDED, KEY_ADDED_TITLE, KEY_DEACTIVATED, storefront_key_deactivate
from apps.orders.models import Order, StorefrontKey
from apps.shop.models import Visitor
from apps.support.models import Notice
from apps.wallet.models import JournalLine
from tests.factories import ProductFactory, ShopGoodsFactory, place_order, staff_operator
from tests.helpers import admin_as
from tests.storefront import Storefront, signature_of
from tests.storefront.checkout import buy

FORBIDDEN = int(ErrorCode.FORBIDDEN)
ADD = reverse("admin:orders_storefrontkey_add")
CHANGELIST = reverse("admin:orders_storefrontkey_changelist")


@pytest.fixture
def goods(merchant):
    return ShopGoodsFactory(merchant=merchant, product=ProductFactory(retail_price=Decimal("20.00"), stock=10))


def order_body(merchant, goods, ref: str, **changes) -> dict:
    body = {
        "external_ref": ref,
        "shop": merchant.shop.pk,
        "lines": [{"goods": goods.pk, "quantity": 1}],
        "ship_name": "Ann Buyer",
        "ship_phone": "+14155550123",
        "ship_address": "1 Main Street, Springfield",
        "ship_country": "US",
    }
    return {**body, **changes}


def _money_untouched() -> int:
    return JournalLine.objects.count()


# ---------- the attack: a "paid" order with no payment, or for a shop the key does not serve ----------
def test_with_a_key_for_shop_a_an_order_for_shop_b_is_refused(merchant, other_merchant, goods):
    storefront = Storefront(merchant)  # shop A's key
    theirs = ShopGoodsFactory(merchant=other_merchant, product=ProductFactory(retail_price=Decimal("20.00")))
    answer = storefront.post("order/create", order_body(other_merchant, theirs, "SF-B-1")).json()
    assert (answer["code"], answer["data"]["error"]) == (0, FORBIDDEN)
    assert answer["msg"] == "This storefront key does not serve this shop."
    visit = storefront.post("shop/visit", {"shop": other_merchant.shop.pk, "visitor": "v-1"}).json()
    follow = storefront.post("shop/follow", {"shop": other_merchant.shop.pk, "buyer": "b-1"}).json()
    assert [visit["data"]["error"], follow["data"]["error"]] == [FORBIDDEN, FORBIDDEN]
    assert not Order.objects.exists() and not Visitor.objects.exists()
    # Shop A's orders it takes, and names the key that sent them.
    assert storefront.post("order/create", order_body(merchant, goods, "SF-A-1")).json()["code"] == 1
    order = Order.objects.get()
    assert (order.source, order.storefront_key) == (OrderSource.EXTERNAL, storefront.key)


def test_with_a_key_a_paid_order_without_a_payment_reference_is_refused(merchant, goods):
    storefront = Storefront(merchant)
    assert storefront.post("order/create", order_body(merchant, goods, "SF-1")).json()["code"] == 1
    before = _money_untouched()
    for reference in ("", "   "):
        answer = storefront.post("order/paid", {"external_ref": "SF-1", "payment_reference": reference}).json()
        assert (answer["code"], list(answer["data"]["errors"])) == (0, ["payment_reference"])
    missing = storefront.post("order/paid", {"external_ref": "SF-1"}).json()
    assert (missing["code"], list(missing["data"]["errors"])) == (0, ["payment_reference"])
    order = Order.objects.get()
    assert (order.status, order.paid_at, _money_untouched()) == (OrderStatus.AWAITING_PAYMENT, None, before)
    # The service refuses it too, whoever calls it, and the database refuses a paid order without one.
    with pytest.raises(AppError) as refused:
        services.order_pay(order_id=order.pk, payment_reference=" ")
    assert refused.value.data["errors"] == {"payment_reference": ["The payment reference is missing."]}
    with pytest.raises(IntegrityError), transaction.atomic():
        Order.objects.filter(pk=order.pk).update(paid_at=timezone.now(), payment_reference="")


def test_no_key_can_pay_an_order_of_the_platforms_storefront_or_of_another_key(merchant, goods):
    """The platform's storefront's orders are paid only by its provider's webhook (a storefront.Payment): not through
    the intake with any key, not even a key for their shop; another storefront's orders are not a key's either."""
    ours = place_order(merchant, goods=goods, paid=False)  # as the platform's storefront places them
    first, second = Storefront(merchant), Storefront(merchant)
    assert first.post("order/create", order_body(merchant, goods, "SF-FIRST")).json()["code"] == 1
    before = _money_untouched()
    for storefront, ref in ((first, ours.external_ref), (second, ours.external_ref), (second, "SF-FIRST")):
        for call, extra in (("order/paid", {"payment_reference": "FAKE-1"}), ("order/cancel", {})):
            answer = storefront.post(call, {"external_ref": ref, **extra}).json()
            assert (answer["code"], answer["data"]["error"], answer["msg"]) == (0, 1001, "The order does not exist.")
    assert set(Order.objects.values_list("status", flat=True)) == {OrderStatus.AWAITING_PAYMENT}
    assert _money_untouched() == before
    # Another storefront's reference is not revealed by a duplicate either.
    taken = second.post("order/create", order_body(merchant, goods, "SF-FIRST")).json()
    assert taken["msg"] == "This storefront reference is taken. Please send another."
    assert Order.objects.get(external_ref="SF-FIRST").number not in json.dumps(taken)


def test_the_retired_shared_secret_signs_nothing(merchant, goods):
    """Requests signed as every storefront once signed them (one platform secret, no key) are refused."""
    storefront = Storefront(merchant)
    body = order_body(merchant, goods, "SF-OLD")
    raw = json.dumps(body).encode()
    stamp = str(int(time.time()))
    old_style = storefront.client.generic(
        "POST",
        "/intake/v1/order/create",
        raw,
        content_type="application/json",
        HTTP_LANG="en",
        HTTP_X_STOREFRONT_TIMESTAMP=stamp,
        HTTP_X_STOREFRONT_SIGNATURE=signature_of(stamp, raw, "test-storefront-secret"),
    )
    assert (old_style.status_code, old_style.json()["data"]["error"]) == (403, FORBIDDEN)
    assert "X-Storefront-Key" in old_style.json()["msg"]
    guessed = storefront.post("order/create", body, secret="test-storefront-secret")
    assert guessed.status_code == 403 and "signature is not valid" in guessed.json()["msg"]
    unknown = storefront.post("order/create", body, key_id="sfk_0000000000000000")
    assert (
        unknown.status_code == 403 and unknown.json()["msg"] == "This storefront key is not valid or no longer active."
    )
    assert not Order.objects.exists()


# ---------- the merchant sees where each order came from ----------
def test_the_merchant_sees_each_orders_source_and_payment_reference(merchant, merchant_api, goods):
    storefront = Storefront(merchant)
    storefront.post("order/create", order_body(merchant, goods, "SF-77"))
    storefront.post("order/paid", {"external_ref": "SF-77", "payment_reference": "PSP-778812"})
    external = Order.objects.get(external_ref="SF-77")
    buyer_order = buy(Client(HTTP_ACCEPT_LANGUAGE="en", enforce_csrf_checks=True), goods)
    ours = buyer_order.order
    merchant_api.lang = "en"
    detail = merchant_api.get("/merchant/order/detail", {"id": external.pk}).json()["data"]
    assert (detail["source"], detail["source_label"], detail["source_name"]) == (
        "external",
        "External storefront",
        storefront.key.name,
    )
    assert detail["payment_reference"] == "PSP-778812"
    detail = merchant_api.get("/merchant/order/detail", {"id": ours.pk}).json()["data"]
    payment = buyer_order.payments.get()
    assert (detail["source"], detail["source_label"], detail["source_name"]) == (
        "storefront",
        "The platform's storefront",
        "",
    )
    assert detail["payment_reference"] == f"dev:{payment.session_id}"


# ---------- keys are made, listed and ended in the console, by the operators allowed to ----------
def test_an_operator_without_the_permission_cannot_create_a_key(client, merchant):
    viewer = staff_operator("viewer", "orders.view_storefrontkey", "orders.change_storefrontkey")
    admin_as(client, viewer)
    assert client.get(ADD).status_code == 403
    form = {"name": "Rogue storefront", "shops": [merchant.shop.pk], "reason": "Testing"}
    assert client.post(ADD, form).status_code == 403
    assert not StorefrontKey.objects.exists() and not OperatorAction.objects.exists()
    assert client.get(CHANGELIST).status_code == 200


def test_an_operator_with_the_permission_creates_a_key_whose_secret_is_shown_once(client, merchant, other_merchant):
    maker = staff_operator("keys", "orders.add_storefrontkey", "orders.view_storefrontkey", "shop.view_shop")
    admin_as(client, maker)
    assert client.get(ADD).status_code == 200
    blank = client.post(ADD, {"name": "Acme", "shops": [merchant.shop.pk], "reason": " "}).content.decode()
    assert "This field is required." in blank and not StorefrontKey.objects.exists()
    form = {"name": "Acme storefront", "shops": [merchant.shop.pk], "reason": "Acme sells the shop's goods"}
    page = client.post(ADD, form)
    assert page.status_code == 200 and "no-store" in page["Cache-Control"]
    key = StorefrontKey.objects.get()
    html = page.content.decode()
    assert key.key_id in html and key.secret in html
    assert (key.name, key.created_by, list(key.shops.all())) == ("Acme storefront", maker, [merchant.shop])
    # Listed in the console; its secret never shown again.
    listed = client.get(CHANGELIST).content.decode()
    assert key.key_id in listed and key.secret not in listed
    change = client.get(reverse("admin:orders_storefrontkey_change", args=[key.pk])).content.decode()
    assert "Acme storefront" in change and key.secret not in change
    assert client.post(reverse("admin:orders_storefrontkey_change", args=[key.pk]), {"name": "X"}).status_code == 403
    # The shop's merchant is told, with the reason; another shop's is not.
    action = OperatorAction.objects.get()
    assert (action.merchant, action.kind, action.operator, action.reason) == (
        merchant,
        KEY_ADDED,
        maker,
        "Acme sells the shop's goods",
    )
    notice = Notice.objects.filter(merchant=merchant).latest("pk")
    assert (notice.title, notice.params["name"]) == (KEY_ADDED_TITLE, "Acme storefront")
    assert not OperatorAction.objects.filter(merchant=other_merchant).exists()
    # The key signs orders for that shop.
    storefront = Storefront(key=(key, key.secret))
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(retail_price=Decimal("20.00")))
    assert storefront.post("order/create", order_body(merchant, goods, "ACME-1")).json()["code"] == 1


def test_a_key_is_deactivated_with_a_reason_and_signs_nothing_after(client, merchant, goods):
    storefront = Storefront(merchant)
    key = storefront.key
    decider = staff_operator("decider", "orders.view_storefrontkey", "orders.change_storefrontkey")
    admin_as(client, decider)
    action = {"action": "deactivate", "_selected_action": [key.pk]}
    asked = client.post(CHANGELIST, action)
    assert asked.status_code == 200 and "Why are these keys deactivated?" in asked.content.decode()
    done = client.post(CHANGELIST, {**action, "apply": "1", "reason": "The storefront closed"}, follow=True)
    assert "Storefront keys deactivated: 1." in done.content.decode()
    key.refresh_from_db()
    assert (key.is_active, key.deactivated_by, key.deactivation_reason) == (False, decider, "The storefront closed")
    told = OperatorAction.objects.get(kind=KEY_DEACTIVATED)
    assert (told.merchant, told.reason) == (merchant, "The storefront closed")
    refused = storefront.post("order/create", order_body(merchant, goods, "SF-LATE"))
    assert refused.status_code == 403 and not Order.objects.exists()
    assert client.get(reverse("admin:orders_storefrontkey_delete", args=[key.pk])).status_code == 403


def test_a_deactivation_reason_longer_than_its_column_is_refused_not_cut(merchant):
    storefront = Storefront(merchant)
    decider = staff_operator("decider", "orders.view_storefrontkey", "orders.change_storefrontkey")
    with translation.override("en"), pytest.raises(AppError) as refused:
        storefront_key_deactivate(key_id=storefront.key.pk, operator=decider, reason="x" * 256)
    assert refused.value.data == {"errors": {"reason": ["This is too long: at most 255 characters."]}}
    assert StorefrontKey.objects.get().is_active and not OperatorAction.objects.filter(kind=KEY_DEACTIVATED).exists()
    storefront_key_deactivate(key_id=storefront.key.pk, operator=decider, reason=f" {'x' * 255} ")
    assert StorefrontKey.objects.get().deactivation_reason == "x" * 255  # at the limit: kept whole


def test_only_an_operator_who_may_change_keys_deactivates_them(client, merchant):
    storefront = Storefront(merchant)
    viewer = staff_operator("viewer", "orders.view_storefrontkey", "orders.add_storefrontkey")
    admin_as(client, viewer)
    client.post(
        CHANGELIST, {"action": "deactivate", "_selected_action": [storefront.key.pk], "apply": "1", "reason": "x"}
    )
    assert StorefrontKey.objects.get().is_active
    with pytest.raises(AppError):
        storefront_key_deactivate(key_id=storefront.key.pk, operator=viewer, reason="x")
    assert StorefrontKey.objects.get().is_active
