"""Browser tests of the shop express lane (issue 12) at 390x844 in Chromium: the merchant reads the notice before
paying, chooses a package and on-shelf products, pays with the payment password, sees the running promotion, its
purchase record and the "Promoted" mark on Goods; screenshots of StoreExpress, the product picker, BuyTrainBill and
Goods in the seven languages (tests/e2e/artifacts/<lang>/promotion-*.png).
"""

import io
from decimal import Decimal

import pytest

from apps.catalog.models import Promotion
from apps.catalog.promotion.services import promotion_buy
from apps.orders.models import Order
from apps.shop.models import PromotionPackage
from apps.wallet.selectors import wallet_summary
from tests.e2e.conftest import (
    LANGUAGES,
    assert_visible,
    catalogue,
    open_app,
    server_text,
    set_language,
    settled,
    shot,
    sign_in,
    tap,
    wait_toast,
    wait_toast_gone,
)
from tests.e2e.test_wallet import type_pay_password
from tests.factories import DEFAULT_PAY_PASSWORD, ProductFactory, ShopGoodsFactory, fund

# Product titles in every language, so no screen shows a word left in another language.
TITLES = [
    ("Ceramic mug", "陶瓷杯", "陶瓷杯", "Керамическая кружка", "세라믹 머그", "陶器のマグ", "แก้วเซรามิก"),
    ("Desk lamp", "台灯", "檯燈", "Настольная лампа", "책상 조명", "デスクランプ", "โคมไฟตั้งโต๊ะ"),
    ("Canvas bag", "帆布包", "帆布包", "Холщовая сумка", "캔버스 가방", "キャンバスバッグ", "กระเป๋าผ้าใบ"),
]
FIELDS = ("title_en", "title_zh_hans", "title_zh_hant", "title_ru", "title_ko", "title_ja", "title_th")


@pytest.fixture
def promo_shop(base_url, merchant):
    """A merchant on the first demo level with three products on sale, one in stock, 100.00 in the balance and the
    demo packages on offer."""
    from apps.shop import demo as shop_demo
    from apps.shop.models import Level

    shop_demo.seed(io.StringIO())
    merchant.level = Level.objects.order_by("rank").first()
    merchant.save(update_fields=["level"])
    merchant.selling = [
        ShopGoodsFactory(merchant=merchant, product=ProductFactory(**dict(zip(FIELDS, titles, strict=True))))
        for titles in TITLES
    ]
    ShopGoodsFactory(merchant=merchant, on_shelf=False)
    fund(merchant, "100")
    return merchant


def test_buying_a_package_promotes_the_chosen_products(page, base_url, promo_shop):
    texts = catalogue("en")
    package = PromotionPackage.objects.get(position=1)  # Day spotlight: 3 products, 24 hours, 20.00
    sign_in(page, base_url, promo_shop, "en")
    open_app(page, base_url, "/storeExpress")
    # The honest notice comes before any price or button.
    notice = page.get_by_test_id("promotion-disclosure")
    assert_visible(notice)
    assert "does not guarantee orders" in notice.inner_text()
    cards = page.get_by_test_id("promotion-package")
    assert cards.count() == 3
    first = cards.first.inner_text()
    assert "Day spotlight" in first and "$20.00" in first and "3 products" in first and "1 day" in first
    assert_visible(page.get_by_text(texts["promotion.noRunning"]), scroll=True)
    shot(page, "promotion-flow-storeExpress")

    tap(page.get_by_test_id(f"promotion-buy-{package.pk}"))
    options = page.get_by_test_id("promotion-option")
    options.nth(2).wait_for()
    assert options.count() == 3  # on sale only: the one in stock is not offered
    pay = page.get_by_test_id("promotion-pay")
    assert pay.is_disabled()
    tap(options.filter(has_text="Ceramic mug"))
    tap(options.filter(has_text="Canvas bag"))
    assert page.get_by_test_id("promotion-chosen").inner_text() == "Chosen: 2 of 3"
    shot(page, "promotion-flow-picker", full_page=False)
    tap(pay)
    type_pay_password(page, DEFAULT_PAY_PASSWORD, amount="20.00", shot_as="promotion-flow-password")
    wait_toast(page, server_text("en", "Promotion started."))
    wait_toast_gone(page)  # the running promotion now comes first, under the toast

    running = page.get_by_test_id("promotion-running")
    assert_visible(running, scroll=True)
    assert "Ceramic mug" in running.inner_text() and "Canvas bag" in running.inner_text()
    assert "Desk lamp" not in running.inner_text()
    shot(page, "promotion-flow-running")
    promotion = Promotion.objects.get()
    assert sorted(promotion.items.values_list("goods_id", flat=True)) == sorted(
        [promo_shop.selling[0].pk, promo_shop.selling[2].pk]
    )
    assert wallet_summary(merchant=promo_shop)["balance"] == "80.00"
    assert not Order.objects.exists()  # buying promotion never creates an order

    tap(page.get_by_test_id("promotion-records"))
    page.wait_for_url(f"{base_url}/buyTrainBill")
    record = page.get_by_test_id("promotion-record")
    assert_visible(record)
    assert "Day spotlight" in record.inner_text() and "$20.00" in record.inner_text()
    shot(page, "promotion-flow-records")

    open_app(page, base_url, "/goods")
    promoted = page.get_by_test_id("goods-card").filter(has=page.get_by_test_id("goods-promoted"))
    promoted.nth(1).wait_for()
    assert promoted.count() == 2
    assert "Desk lamp" not in promoted.all_inner_texts()[0] + promoted.all_inner_texts()[1]


def test_promotion_screens_in_every_language(page, base_url, promo_shop):
    week = PromotionPackage.objects.get(position=2)
    promotion_buy(
        merchant=promo_shop,
        package_id=week.pk,
        goods_ids=[promo_shop.selling[1].pk],
        pay_password=DEFAULT_PAY_PASSWORD,
    )
    assert wallet_summary(merchant=promo_shop)["balance"] == str(Decimal("100") - week.price)
    sign_in(page, base_url, promo_shop)
    for lang in LANGUAGES:
        texts = catalogue(lang)
        set_language(page, base_url, lang)
        open_app(page, base_url, "/storeExpress")
        page.get_by_test_id("promotion-running").wait_for()
        assert texts["promotion.disclosureTitle"] in page.get_by_test_id("promotion-disclosure").inner_text()
        shot(page, "promotion-storeExpress")

        tap(page.get_by_test_id("promotion-package").first.get_by_role("button"))
        settled(page.get_by_test_id("promotion-option").nth(2))  # the sheet slid in, for the screenshot
        shot(page, "promotion-picker", full_page=False)

        open_app(page, base_url, "/buyTrainBill")
        page.get_by_test_id("promotion-record").wait_for()
        shot(page, "promotion-buyTrainBill")

        open_app(page, base_url, "/goods")
        page.get_by_test_id("goods-promoted").wait_for()
        shot(page, "promotion-goods")


def test_the_running_promotion_comes_first_with_its_results_and_a_tap_past_the_limit_says_why(
    page, base_url, promo_shop
):
    from apps.catalog.services import goods_view_record
    from tests.factories import PromotionPackageFactory, place_order

    texts = catalogue("en")
    week = PromotionPackage.objects.get(position=2)
    lamp = promo_shop.selling[1]
    promotion_buy(merchant=promo_shop, package_id=week.pk, goods_ids=[lamp.pk], pay_password=DEFAULT_PAY_PASSWORD)
    for _ in range(2):
        goods_view_record(goods_id=lamp.pk)
    place_order(promo_shop, goods=lamp)
    single = PromotionPackageFactory(product_quantity=1, position=9)
    sign_in(page, base_url, promo_shop, "en")
    open_app(page, base_url, "/storeExpress")

    running = page.get_by_test_id("promotion-running")
    running.wait_for()
    # First, above the packages on sale: what the merchant already paid for and what it brought so far.
    first_package = page.get_by_test_id("promotion-package").first
    assert running.bounding_box()["y"] < first_package.bounding_box()["y"]
    assert page.get_by_test_id("promotion-results").inner_text() == "So far: 2 clicks · 1 order"
    assert "Desk lamp" in running.inner_text() and "2 clicks · 1 order" in running.inner_text()
    shot(page, "promotion-running-first")

    tap(page.get_by_test_id(f"promotion-buy-{single.pk}"))
    options = page.get_by_test_id("promotion-option")
    options.nth(1).wait_for()
    free = options.filter(has_not_text="Desk lamp")  # the lamp is promoted until the week ends
    tap(free.nth(0))
    tap(free.nth(1))  # past the package's one product: not chosen, and the merchant is told why
    limit = texts["promotion.limitReached"].split("{")[0].strip()
    assert limit in wait_toast(page, limit)
    assert page.get_by_test_id("promotion-chosen").inner_text() == "Chosen: 1 of 1"
    shot(page, "promotion-limit", full_page=False)
