# ruff: noqa: RUF001 - texts in the seven languages
"""An operator removes a listing (issue 32, attack 9): only through the admin's "Remove listing", with its own
permission and a reason; the listing leaves the shop with its history kept, the merchant is told in their language
and sees it in the account history, and the unused part of a paid promotion that included it comes back in one
balanced ledger entry, to the cent. Every test ends with a clean check_ledger (tests/wallet/conftest.py)."""

from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.contrib.messages import SUCCESS
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone, translation

from apps.accounts.models import OperatorAction
from apps.catalog.models import GoodsView, PromotionGoods, ShopGoods
from apps.catalog.promotion.services import listing_remove, promotion_buy
from apps.catalog.services import goods_view_record
from apps.core.errors import AppError, ErrorCode
from apps.orders.models import Order
from apps.support.models import Notice
from apps.wallet.constants import OPERATOR_LISTING_REMOVED, AccountKind, EntryKind
from apps.wallet.ledger import account_get
from apps.wallet.models import JournalEntry
from apps.wallet.selectors import wallet_summary
from tests.concurrency import concurrently
from tests.factories import (
    DEFAULT_PAY_PASSWORD,
    PromotionPackageFactory,
    ShopGoodsFactory,
    fund,
    place_order,
    staff_operator,
)
from tests.helpers import admin_as

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:catalog_shopgoods_changelist")
START = timezone.now().replace(microsecond=0) + timedelta(days=1)


@pytest.fixture
def remover(db):
    return staff_operator("remover", "catalog.view_shopgoods", "catalog.remove_shopgoods")


@pytest.fixture
def console(client, remover):
    return admin_as(client, remover)


def _buy(merchant, goods, *, price, quantity, hours=24):
    package = PromotionPackageFactory(price=Decimal(price), product_quantity=quantity, duration_hours=hours)
    return promotion_buy(
        merchant=merchant, package_id=package.pk, goods_ids=[g.pk for g in goods], pay_password=DEFAULT_PAY_PASSWORD
    )


def _remove(console, goods, reason="Counterfeit goods reported by buyers", **extra):
    return console.post(
        CHANGELIST,
        {"action": "remove_listing", "_selected_action": [str(g.pk) for g in goods], "apply": "1", "reason": reason},
        **extra,
    )


def _refunds():
    return list(JournalEntry.objects.filter(kind=EntryKind.PROMOTION_REFUND).prefetch_related("lines__account"))


def _refunded(goods):
    """What the removal of `goods` gave back to the merchant's balance; None without a refund entry."""
    entry = JournalEntry.objects.filter(reference=f"promotion_refund:{goods.pk}").first()
    return entry.lines.get(account__kind=AccountKind.AVAILABLE).amount if entry else None


def _balance(merchant):
    return Decimal(wallet_summary(merchant=merchant)["balance"])


# ---------- the attack, through the admin over HTTP ----------
def test_an_operator_removes_a_promoted_listing_the_merchant_is_told_and_refunded_to_the_cent(
    console, remover, merchant
):
    merchant.language = "ru-RU"
    merchant.save(update_fields=["language"])
    goods = [ShopGoodsFactory(merchant=merchant) for _ in range(2)]
    goods_view_record(goods_id=goods[0].pk, visitor_key="v")
    order = place_order(merchant, goods=goods[0])
    with time_machine.travel(START, tick=False):
        fund(merchant, "100")
        promotion = _buy(merchant, goods, price="20.00", quantity=2)  # 24 hours, two products: 10.00 each
    assert _balance(merchant) == Decimal("80.00")

    with time_machine.travel(START + timedelta(hours=6), tick=False):  # 18 of 24 hours left: 10.00 x 3/4
        asked = console.post(CHANGELIST, {"action": "remove_listing", "_selected_action": [str(goods[0].pk)]})
        assert asked.status_code == 200 and 'name="reason"' in asked.content.decode()  # the reason first
        assert ShopGoods.objects.filter(pk=goods[0].pk).exists()
        response = _remove(console, goods[:1])
    assert response.status_code == 302
    assert [m.level for m in response.wsgi_request._messages] == [SUCCESS]

    # The listing left the shop; its history stayed.
    assert not ShopGoods.objects.filter(pk=goods[0].pk).exists()
    assert GoodsView.objects.filter(product=goods[0].product, merchant=merchant).count() == 1
    assert Order.objects.filter(pk=order.pk).exists()
    item = PromotionGoods.objects.get(promotion=promotion, product=goods[0].product)
    assert (item.goods_id, item.refunded, item.removed_at, item.ends_at) == (
        None,
        Decimal("7.50"),
        START + timedelta(hours=6),
        START + timedelta(hours=6),
    )
    other = PromotionGoods.objects.get(promotion=promotion, goods=goods[1])
    assert (other.refunded, other.ends_at) == (None, START + timedelta(hours=24))  # the other one runs on

    # One balanced entry: promotion revenue gives back 7.50 to the merchant's balance.
    (entry,) = _refunds()
    assert entry.reference == f"promotion_refund:{goods[0].pk}"
    assert sorted((line.account.kind, line.amount) for line in entry.lines.all()) == [
        (AccountKind.AVAILABLE, Decimal("7.50")),
        (AccountKind.REVENUE_PROMOTION, Decimal("-7.50")),
    ]
    assert _balance(merchant) == Decimal("87.50")
    assert account_get(kind=AccountKind.REVENUE_PROMOTION).balance == Decimal("12.50")
    call_command("check_ledger", verbosity=0)

    # Told, in the merchant's language, with the reason, and in the account history.
    action = OperatorAction.objects.get()
    assert (action.merchant, action.operator, action.kind, action.reason, action.approver) == (
        merchant,
        remover,
        OPERATOR_LISTING_REMOVED,
        "Counterfeit goods reported by buyers",
        None,
    )
    assert action.params == {"title": goods[0].product.title_ru, "amount": "7.50 USD"}
    notice = Notice.objects.get(merchant=merchant, title=action.title)
    with translation.override("ru"):
        assert notice.rendered_title() == (
            f"Товар «{goods[0].product.title_ru}» убран из вашего магазина; неиспользованная часть его продвижения, "
            "7,50\xa0$, возвращена на ваш баланс"
        )
        assert notice.rendered_body() == "Причина: Counterfeit goods reported by buyers"

    # Later, the second one: 12 of 24 hours left, 10.00 x 1/2.
    with time_machine.travel(START + timedelta(hours=12), tick=False):
        assert _remove(console, goods[1:]).status_code == 302
    assert PromotionGoods.objects.get(promotion=promotion, product=goods[1].product).refunded == Decimal("5.00")
    assert _balance(merchant) == Decimal("92.50")
    assert account_get(kind=AccountKind.REVENUE_PROMOTION).balance == Decimal("7.50")
    assert len(_refunds()) == 2


def test_the_merchants_running_promotion_shows_the_removed_product_by_its_title(console, merchant_api, merchant):
    goods = [ShopGoodsFactory(merchant=merchant) for _ in range(2)]
    fund(merchant, "100")
    _buy(merchant, goods, price="20.00", quantity=2)
    assert _remove(console, goods[:1]).status_code == 302
    running = merchant_api.get("/merchant/index/train").json()["data"]["promotions"][0]["goods"]
    assert [(g["goods_id"], g["title"]) for g in running] == [
        (None, goods[0].product.title_en),
        (goods[1].pk, goods[1].product.title_en),
    ]
    listed = merchant_api.get("/merchant/product/manage", {"tab": "all"}).json()["data"]["list"]
    assert [row["id"] for row in listed] == [goods[1].pk]


@pytest.mark.parametrize(
    ("price", "products", "hours_in", "refunds"),
    [
        ("10.00", 3, 8, ["2.23"]),  # the first product's share, 3.34 (10.00 = 3.34 + 3.33 + 3.33), x 16/24 = 2.2266...
        ("10.00", 3, 0, ["3.34", "3.33", "3.33"]),  # removed at once: the whole price back, no cent lost or made
        ("0.05", 3, 0, ["0.02", "0.02", "0.01"]),
        ("9.99", 1, 23, ["0.42"]),  # 9.99 x 1/24 = 0.41625
        ("20.00", 2, 24, []),  # ended: nothing left to give back, no entry
    ],
)
def test_the_unused_part_of_the_promotion_is_refunded_to_the_cent(
    console, merchant, price, products, hours_in, refunds
):
    goods = [ShopGoodsFactory(merchant=merchant) for _ in range(products)]
    with time_machine.travel(START, tick=False):
        fund(merchant, "100")
        _buy(merchant, goods, price=price, quantity=products)
    removed = goods[: len(refunds)] or goods[:1]
    with time_machine.travel(START + timedelta(hours=hours_in), tick=False):
        for listing in removed:
            assert _remove(console, [listing]).status_code == 302
    refunded = [_refunded(listing) for listing in removed]
    assert [amount for amount in refunded if amount is not None] == [Decimal(r) for r in refunds]
    assert _balance(merchant) == Decimal("100") - Decimal(price) + sum((Decimal(r) for r in refunds), Decimal(0))
    assert not ShopGoods.objects.filter(pk__in=[g.pk for g in removed]).exists()
    assert OperatorAction.objects.count() == len(removed)


def test_a_listing_outside_any_promotion_is_removed_with_a_notice_and_no_money(console, merchant):
    listing = ShopGoodsFactory(merchant=merchant)
    before = _balance(merchant)
    assert _remove(console, [listing]).status_code == 302
    assert not ShopGoods.objects.filter(pk=listing.pk).exists()
    assert not _refunds() and _balance(merchant) == before
    action = OperatorAction.objects.get()
    assert action.params == {"title": listing.product.title_ru}
    with translation.override("en"):
        assert Notice.objects.get(merchant=merchant).rendered_title() == (
            f"“{listing.product.title_ru}” was removed from your shop"  # the merchant's language: ru-RU by default
        )


# ---------- refused: no reason, no permission, twice ----------
def test_without_a_reason_nothing_is_removed(console, merchant):
    listing = ShopGoodsFactory(merchant=merchant)
    response = _remove(console, [listing], reason="   ")
    assert response.status_code == 200 and 'name="reason"' in response.content.decode()
    assert ShopGoods.objects.filter(pk=listing.pk).exists()
    assert not OperatorAction.objects.exists() and not Notice.objects.exists()
    with pytest.raises(AppError) as refused:
        listing_remove(goods_id=listing.pk, operator=None, reason=" ")
    assert refused.value.data == {"errors": {"reason": ["Please give a reason."]}}


def test_an_operator_without_the_removal_permission_cannot_remove(client, merchant):
    """Not even with the permission to delete listings (which the console no longer honours)."""
    other = staff_operator("editor", "catalog.view_shopgoods", "catalog.change_shopgoods", "catalog.delete_shopgoods")
    client.force_login(other)
    listing = ShopGoodsFactory(merchant=merchant)
    response = _remove(client, [listing])
    assert response.status_code in (200, 302)
    assert ShopGoods.objects.filter(pk=listing.pk).exists() and not OperatorAction.objects.exists()


def test_a_listing_already_removed_is_refunded_once(merchant, operator):
    listing = ShopGoodsFactory(merchant=merchant)
    fund(merchant, "50")
    _buy(merchant, [listing], price="10.00", quantity=1)
    listing_remove(goods_id=listing.pk, operator=operator, reason="Recall")
    with pytest.raises(AppError) as again:
        listing_remove(goods_id=listing.pk, operator=operator, reason="Recall")
    assert again.value.error_code == ErrorCode.NOT_FOUND
    assert len(_refunds()) == 1 and OperatorAction.objects.count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_operators_removing_the_same_promoted_listing_at_once_refund_it_once(merchant, operator):
    listing = ShopGoodsFactory(merchant=merchant)
    fund(merchant, "50")
    _buy(merchant, [listing], price="10.00", quantity=1)
    results = concurrently(3, lambda i: listing_remove(goods_id=listing.pk, operator=operator, reason=f"Recall {i}"))
    assert sum(not isinstance(r, Exception) for r in results) == 1, results
    assert [r.error_code for r in results if isinstance(r, AppError)] == [ErrorCode.NOT_FOUND] * 2
    assert len(_refunds()) == 1 and OperatorAction.objects.count() == 1
    assert _balance(merchant) > Decimal("40.00")
    call_command("check_ledger", verbosity=0)
