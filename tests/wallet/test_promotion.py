"""The shop express lane (issue 12, product.md section 8): GET index/train, POST index/buy_train, GET
index/buy_train_bill. Every test ends with a clean check_ledger (tests/wallet/conftest.py) and check_figures."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from apps.accounts.constants import MerchantStatus
from apps.catalog.models import Promotion, PromotionGoods
from apps.catalog.services import goods_remove, goods_view_record
from apps.core.models import IdempotencyRecord
from apps.orders.models import Order
from apps.shop.models import DailyFigures, ShopFigures, Visitor
from apps.wallet.constants import AccountKind, EntryKind
from apps.wallet.ledger import account_get
from apps.wallet.models import JournalEntry
from apps.wallet.selectors import wallet_summary
from tests.conftest import ApiClient
from tests.factories import (
    DEFAULT_PAY_PASSWORD,
    ProductFactory,
    PromotionPackageFactory,
    ShopGoodsFactory,
    fund,
    place_order,
)

TRAIN = "/merchant/index/train"
BUY = "/merchant/index/buy_train"
BILL = "/merchant/index/buy_train_bill"


@pytest.fixture(autouse=True)
def _figures_stay_consistent(db):
    yield
    call_command("check_figures", verbosity=0)


@pytest.fixture
def package(db):
    return PromotionPackageFactory(price=Decimal("20.00"), product_quantity=2, duration_hours=24)


@pytest.fixture
def goods(merchant):
    """Three on-shelf listings of the merchant."""
    return [ShopGoodsFactory(merchant=merchant, on_shelf=True) for _ in range(3)]


def _end(promotions):
    """Moves the promotions' window into the past, as if they had run their time."""
    starts, ends = timezone.now() - timedelta(days=2), timezone.now() - timedelta(seconds=1)
    promotions.update(starts_at=starts, ends_at=ends)
    PromotionGoods.objects.filter(promotion__in=promotions).update(starts_at=starts, ends_at=ends)


def buy(client, package, ids, **extra):
    payload = {"package_id": package.pk, "goods_ids": [g.pk for g in ids], "pay_password": DEFAULT_PAY_PASSWORD}
    return client.post(BUY, payload, **extra).json()


# --- GET index/train ---


def test_train_lists_active_packages_in_order_translated(merchant_api, package):
    PromotionPackageFactory(position=0, name_en="First", name_ru="Первый", description_en="Top", price="5.00")
    PromotionPackageFactory(is_active=False, name_en="Hidden")
    body = merchant_api.get(TRAIN).json()
    assert body["code"] == 1
    packages = body["data"]["packages"]
    assert [p["name"] for p in packages] == ["First", package.name_en]
    assert packages[0] == {
        "id": packages[0]["id"],
        "name": "First",
        "description": "Top",
        "price": "5.00",
        "product_quantity": 1,
        "duration_hours": 24,
    }
    assert body["data"]["promotions"] == []
    assert body["data"]["currency"] == "USD"
    merchant_api.lang = "ru-RU"
    assert merchant_api.get(TRAIN).json()["data"]["packages"][0]["name"] == "Первый"


def test_train_shows_only_the_merchants_running_promotions_with_end_and_goods(
    merchant_api, merchant, other_merchant, package, goods
):
    fund(merchant, "100")
    fund(other_merchant, "100")
    assert buy(merchant_api, package, goods[:2])["code"] == 1
    foreign = ShopGoodsFactory(merchant=other_merchant)
    assert buy(ApiClient().login_as(other_merchant), package, [foreign])["code"] == 1
    promotions = merchant_api.get(TRAIN).json()["data"]["promotions"]
    assert len(promotions) == 1
    running = promotions[0]
    bought = Promotion.objects.get(merchant=merchant)
    assert running["name"] == package.name_en
    assert (running["price"], running["product_quantity"], running["duration_hours"]) == ("20.00", 2, 24)
    assert bought.ends_at - bought.starts_at == timedelta(hours=24)
    assert parse_datetime(running["ends_at"]) == bought.ends_at
    assert [g["goods_id"] for g in running["goods"]] == [goods[0].pk, goods[1].pk]
    assert [g["title"] for g in running["goods"]] == [goods[0].product.title_en, goods[1].product.title_en]
    # Ended promotions leave the list (they stay in the purchase records).
    _end(Promotion.objects.filter(pk=bought.pk))
    assert merchant_api.get(TRAIN).json()["data"]["promotions"] == []
    assert merchant_api.get(BILL).json()["data"]["total"] == 1


def test_a_running_promotion_shows_the_clicks_and_orders_it_brought_so_far(merchant_api, merchant, package, goods):
    fund(merchant, "100")
    goods_view_record(goods_id=goods[0].pk)  # before the promotion: not its result
    assert buy(merchant_api, package, goods[:2])["code"] == 1
    for _ in range(3):
        goods_view_record(goods_id=goods[0].pk)
    goods_view_record(goods_id=goods[2].pk)  # not promoted
    place_order(merchant, goods=goods[0], quantity=2)
    place_order(merchant, goods=goods[0])
    place_order(merchant, goods=goods[1], paid=False)  # not paid: no order yet
    running = merchant_api.get(TRAIN).json()["data"]["promotions"][0]
    assert [(g["goods_id"], g["clicks"], g["orders"]) for g in running["goods"]] == [
        (goods[0].pk, 3, 2),
        (goods[1].pk, 0, 0),
    ]
    # Once it has ended, views and orders are no longer its results.
    _end(Promotion.objects.filter(merchant=merchant))
    goods_view_record(goods_id=goods[0].pk)
    place_order(merchant, goods=goods[0])
    assert PromotionGoods.objects.get(goods=goods[0]).clicks == 3
    assert PromotionGoods.objects.get(goods=goods[0]).orders == 2


def test_train_reads_in_constant_queries(merchant_api, merchant, package, django_assert_num_queries):
    fund(merchant, "1000")

    def promote(n):
        for _ in range(n):
            items = [ShopGoodsFactory(merchant=merchant) for _ in range(2)]
            assert buy(merchant_api, package, items)["code"] == 1

    promote(1)
    PromotionPackageFactory()
    # token, packages, promotions (+ package), their goods (+ product), the products' images
    with django_assert_num_queries(5):
        merchant_api.get(TRAIN)
    promote(4)
    PromotionPackageFactory()
    with django_assert_num_queries(5):
        body = merchant_api.get(TRAIN).json()
    assert len(body["data"]["promotions"]) == 5
    assert len(body["data"]["packages"]) == 3


def test_promotion_endpoints_need_a_session(api, package):
    assert api.get(TRAIN).status_code == 401
    assert api.get(BILL).status_code == 401
    response = api.post(BUY, {"package_id": package.pk, "goods_ids": [], "pay_password": DEFAULT_PAY_PASSWORD})
    assert (response.status_code, response.json()["code"]) == (401, 401)


# --- POST index/buy_train ---


def test_buying_charges_the_price_to_promotion_revenue_and_starts_the_promotion(merchant_api, merchant, package, goods):
    fund(merchant, "50")
    orders, visitors = Order.objects.count(), Visitor.objects.count()
    figures = list(ShopFigures.objects.values()), list(DailyFigures.objects.values())
    body = buy(merchant_api, package, goods[:2], HTTP_IDEMPOTENCY_KEY="p-1")
    assert body["code"] == 1, body
    assert body["msg"] == "Promotion started."
    assert body["data"]["wallet"]["balance"] == "30.00"
    promotion = Promotion.objects.get()
    assert body["data"]["promotion"]["id"] == promotion.pk
    assert (promotion.merchant, promotion.package, promotion.price) == (merchant, package, Decimal("20.00"))
    assert promotion.ends_at - promotion.starts_at == timedelta(hours=24)
    assert sorted(PromotionGoods.objects.values_list("goods_id", flat=True)) == sorted(g.pk for g in goods[:2])
    entry = JournalEntry.objects.get(reference=f"promotion:{promotion.pk}")
    assert entry.kind == EntryKind.PROMOTION
    assert sorted((line.account.kind, line.amount) for line in entry.lines.select_related("account")) == [
        (AccountKind.AVAILABLE, Decimal("-20.00")),
        (AccountKind.REVENUE_PROMOTION, Decimal("20.00")),
    ]
    assert account_get(kind=AccountKind.REVENUE_PROMOTION).balance == Decimal("20.00")
    # Buying promotion never creates an order, a visit or a figure (product.md section 2.2).
    assert (Order.objects.count(), Visitor.objects.count()) == (orders, visitors)
    assert (list(ShopFigures.objects.values()), list(DailyFigures.objects.values())) == figures
    # A repeat of the same request (the same Idempotency-Key) answers the first result and moves nothing.
    assert buy(merchant_api, package, goods[:2], HTTP_IDEMPOTENCY_KEY="p-1") == body
    assert Promotion.objects.count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "30.00"


def test_the_purchase_is_in_the_funds_records_named_in_the_readers_language(merchant_api, merchant, package, goods):
    fund(merchant, "50")
    assert buy(merchant_api, package, goods[:1])["code"] == 1
    merchant_api.lang = "ru-RU"
    row = merchant_api.get("/merchant/merchant/bill").json()["data"]["list"][0]
    assert (row["kind"], row["title"], row["memo"], row["amount"], row["balance_after"]) == (
        "promotion",
        "Покупка продвижения",
        package.name_ru,
        "-20.00",
        "30.00",
    )


DROP = object()


@pytest.mark.parametrize(
    ("payload", "en", "zh"),
    [
        ({"package_id": DROP}, "Please choose a package.", "请选择套餐。"),
        ({"package_id": 999999}, "This package is not available.", "该套餐不可购买。"),
        ({"package_id": "inactive"}, "This package is not available.", "该套餐不可购买。"),
        ({"goods_ids": []}, "Please choose the products to promote.", "请选择要推广的商品。"),
        ({"goods_ids": DROP}, "Please choose the products to promote.", "请选择要推广的商品。"),
        ({"goods_ids": "abc"}, "Please choose the products to promote.", "请选择要推广的商品。"),
        ({"goods_ids": "dup"}, "Each product can be chosen only once.", "每件商品只能选择一次。"),
        ({"goods_ids": "all"}, "This package promotes at most 2 products.", "该套餐最多推广 2 件商品。"),
        ({"goods_ids": [999999]}, "The product does not exist or is no longer available.", "该商品不存在或已下架。"),
        ({"goods_ids": "foreign"}, "The product does not exist or is no longer available.", "该商品不存在或已下架。"),
        ({"goods_ids": "off"}, "“{title}” is not on sale: put it on the shelf to promote it.", None),
        ({"goods_ids": list(range(1, 102))}, "At most 100 products.", "最多 100 件商品。"),
        ({"pay_password": "111111"}, "Wrong payment password. 4 tries left.", None),
    ],
    ids=[
        "no-package",
        "unknown-package",
        "inactive-package",
        "empty-goods",
        "no-goods",
        "not-a-list",
        "duplicate",
        "too-many",
        "unknown-goods",
        "foreign-goods",
        "off-shelf",
        "over-bound",
        "wrong-pay-password",
    ],
)
def test_buy_refuses_bad_input_in_two_languages_and_changes_nothing(
    merchant_api, merchant, other_merchant, package, goods, payload, en, zh
):
    fund(merchant, "100")
    off = ShopGoodsFactory(merchant=merchant, on_shelf=False)
    named = {
        "inactive": PromotionPackageFactory(is_active=False).pk,
        "dup": [goods[0].pk, goods[0].pk],
        "all": [g.pk for g in goods],
        "foreign": [goods[0].pk, ShopGoodsFactory(merchant=other_merchant).pk],
        "off": [goods[0].pk, off.pk],
    }
    body = {"package_id": package.pk, "goods_ids": [goods[0].pk], "pay_password": DEFAULT_PAY_PASSWORD}
    for key, value in payload.items():
        if value is DROP:
            body.pop(key)
        elif value == "abc":
            body[key] = value
        else:
            body[key] = named.get(value, value) if isinstance(value, str) else value
    for lang, message in (("en", en), ("zh-CN", zh)):
        if message is None:
            continue
        merchant_api.lang = lang
        answer = merchant_api.post(BUY, body).json()
        assert answer["code"] == 0, answer
        assert answer["msg"] == message.format(title=off.product.title_en), answer
        if "pay_password" not in payload:  # the form shows the message at its field
            assert set(answer["data"]["errors"]) & {"package_id", "goods_ids"}, answer
    assert not Promotion.objects.exists()
    assert wallet_summary(merchant=merchant)["balance"] == "100.00"
    merchant.refresh_from_db()
    # A form mistake costs no payment password try.
    assert merchant.pay_password_failures == (1 if "pay_password" in payload else 0)


def test_goods_under_a_running_promotion_cannot_be_chosen_again_until_it_ends(merchant_api, merchant, package, goods):
    fund(merchant, "100")
    assert buy(merchant_api, package, goods[:1])["code"] == 1
    for lang, message in (
        ("en", "“{}” is already promoted. You can choose it again when its promotion ends."),
        ("ru-RU", "«{}» уже продвигается. Его можно выбрать снова, когда продвижение закончится."),  # noqa: RUF001
    ):
        merchant_api.lang = lang
        answer = buy(merchant_api, package, [goods[1], goods[0]])
        title = goods[0].product.title_en if lang == "en" else goods[0].product.title_ru
        assert (answer["code"], answer["msg"]) == (0, message.format(title)), answer
    assert Promotion.objects.count() == 1
    _end(Promotion.objects.all())
    merchant_api.lang = "en"
    assert buy(merchant_api, package, [goods[1], goods[0]])["code"] == 1


def test_buy_without_enough_balance_is_refused_by_the_ledger(merchant_api, merchant, package, goods):
    fund(merchant, "19.99")
    assert buy(merchant_api, package, goods[:1]) == {
        "code": 0,
        "msg": "Cannot exceed balance",
        "data": {"error": 1006},
    }
    merchant_api.lang = "han"
    assert buy(merchant_api, package, goods[:1])["msg"] == "잔액을 초과할 수 없습니다"
    assert not Promotion.objects.exists()
    assert wallet_summary(merchant=merchant)["balance"] == "19.99"


@pytest.mark.parametrize(
    ("status", "en", "ko"),
    [
        (
            MerchantStatus.PENDING,
            "Buyers cannot see your shop until it is approved. Promotion can be bought after approval.",
            "승인되기 전에는 구매자가 상점을 볼 수 없습니다. 승인 후 프로모션을 구매할 수 있습니다.",
        ),
        (
            MerchantStatus.CLOSED,
            "Your shop is closed, so buyers cannot see it. Promotion can be bought when it is reopened.",
            "상점이 닫혀 있어 구매자가 볼 수 없습니다. 상점이 다시 열리면 프로모션을 구매할 수 있습니다.",
        ),
    ],
)
def test_only_an_active_shop_can_buy(merchant_api, merchant, package, goods, status, en, ko):
    fund(merchant, "100")
    merchant.status = status
    merchant.save(update_fields=["status"])
    for lang, message in (("en", en), ("han", ko)):
        merchant_api.lang = lang
        answer = buy(merchant_api, package, goods[:1])
        assert (answer["code"], answer["msg"]) == (0, message)
    assert not Promotion.objects.exists()
    merchant.refresh_from_db()
    assert merchant.pay_password_failures == 0


def test_a_removed_listing_stays_in_the_running_promotion_by_its_title(merchant_api, merchant, package, goods):
    fund(merchant, "100")
    assert buy(merchant_api, package, goods[:2])["code"] == 1
    goods[0].delete()
    items = merchant_api.get(TRAIN).json()["data"]["promotions"][0]["goods"]
    assert [(g["goods_id"], g["title"]) for g in items] == [
        (None, goods[0].product.title_en),
        (goods[1].pk, goods[1].product.title_en),
    ]


# --- GET index/buy_train_bill ---


def test_purchase_records_type_time_amount_paged_and_only_the_merchants(
    merchant_api, merchant, other_merchant, package, goods
):
    fund(merchant, "100")
    fund(other_merchant, "100")
    second = PromotionPackageFactory(name_en="Week", name_ru="Неделя", price="30.00", product_quantity=3)
    assert buy(merchant_api, package, goods[:1])["code"] == 1
    assert buy(merchant_api, second, goods[1:3])["code"] == 1
    assert buy(ApiClient().login_as(other_merchant), package, [ShopGoodsFactory(merchant=other_merchant)])["code"] == 1
    data = merchant_api.get(BILL, {"page": 1, "limit": 1}).json()["data"]
    assert (data["total"], data["page"], data["limit"]) == (2, 1, 1)
    row = data["list"][0]
    assert (row["type"], row["amount"], row["product_quantity"], row["product_count"]) == ("Week", "30.00", 3, 2)
    assert row["created_at"]
    merchant_api.lang = "ru-RU"
    rows = merchant_api.get(BILL).json()["data"]["list"]
    assert [(r["type"], r["amount"]) for r in rows] == [("Неделя", "30.00"), (package.name_ru, "20.00")]
    for lang, query, message in (
        ("en", {"limit": 101}, "At most 100 records per page."),
        ("ru-RU", {"limit": 101}, "Не более 100 записей на странице."),  # noqa: RUF001
        ("en", {"page": 0}, "Page must be 1 or more."),
        ("zh-CN", {"page": 0}, "页码必须大于等于 1。"),
    ):
        merchant_api.lang = lang
        assert merchant_api.get(BILL, query).json()["msg"] == message
    merchant_api.lang = "en"
    unknown = merchant_api.get(BILL, {"type": "all"}).json()
    assert (unknown["code"], unknown["msg"]) == (0, "Unknown parameter: type")


def test_purchase_records_read_in_constant_queries(merchant_api, merchant, package, django_assert_num_queries):
    fund(merchant, "1000")
    for rows in (1, 6):
        while Promotion.objects.count() < rows:
            assert buy(merchant_api, package, [ShopGoodsFactory(merchant=merchant)])["code"] == 1
        with django_assert_num_queries(3):  # token, count, page with packages
            assert len(merchant_api.get(BILL).json()["data"]["list"]) == rows


# --- the ranking (for the storefront) and the goods list's mark ---


def test_goods_list_marks_promoted_goods_with_their_end(merchant_api, merchant, package, goods):
    fund(merchant, "100")
    assert buy(merchant_api, package, goods[1:2])["code"] == 1
    rows = merchant_api.get("/merchant/product/manage").json()["data"]["list"]
    marks = {r["id"]: (r["is_promoted"], r["promoted_until"] is not None) for r in rows}
    assert marks == {goods[0].pk: (False, False), goods[1].pk: (True, True), goods[2].pk: (False, False)}


def test_an_idempotency_key_of_a_refused_purchase_is_not_kept(merchant_api, merchant, package, goods):
    fund(merchant, "10")
    refused = buy(merchant_api, package, goods[:1], HTTP_IDEMPOTENCY_KEY="k")
    assert (refused["code"], refused["msg"]) == (0, "Cannot exceed balance")
    assert wallet_summary(merchant=merchant)["balance"] == "10.00"
    assert not IdempotencyRecord.objects.exists()
    fund(merchant, "10")
    assert buy(merchant_api, package, goods[:1], HTTP_IDEMPOTENCY_KEY="k")["code"] == 1


def test_a_package_deleted_product_keeps_the_purchase_history(merchant_api, merchant, package):
    product = ProductFactory()
    listing = ShopGoodsFactory(merchant=merchant, product=product)
    fund(merchant, "100")
    assert buy(merchant_api, package, [listing])["code"] == 1
    goods_remove(merchant=merchant, goods_id=listing.pk)  # a listed product is never deleted (catalog 0006)
    product.delete()
    item = PromotionGoods.objects.get()
    assert (item.goods_id, item.product_id, item.title) == (None, None, product.title_en)
