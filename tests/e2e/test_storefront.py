"""Browser tests of the buyers' storefront (issue 14) at 390x844 in Chromium, in three languages: a buyer opens the
shop (promoted goods first, with their ad mark), is counted once as a visitor by the page's beacon, opens a product
(price in the language's format, stock, buyers' ratings) and searches the shop. Screenshots of the shop, product and
search pages: tests/e2e/artifacts/<lang>/storefront-*.png.
"""

import pytest

from apps.catalog.models import ShopGoods
from apps.catalog.services import product_image_add, promotion_create
from apps.orders import services as order_services
from apps.shop.models import Visitor
from apps.shop.services import shop_banners_update, shop_update
from tests.e2e.conftest import assert_visible, drawn_image, server_text, set_language, shot
from tests.e2e.test_promotion import FIELDS, TITLES
from tests.e2e.test_shop import drawn_upload
from tests.factories import LevelFactory, ProductFactory, PromotionPackageFactory, received_order

LANGUAGES = ["en", "zh-CN", "ru-RU"]
COLUMN = {"en": 0, "zh-CN": 1, "ru-RU": 3}


@pytest.fixture
def shop(base_url, merchant, operator):
    """An open shop with a logo, a banner and texts, three products with pictures (the oldest promoted) and a
    buyer's rating of the promoted one. The merchant's texts are in Russian, as a merchant types them."""
    LevelFactory(rank=1)
    logo = drawn_upload(kind="logo", owner=merchant, size=(240, 240), label="A")
    banner = drawn_upload(kind="banner", owner=merchant, size=(1200, 400), label="")
    shop_update(
        merchant=merchant,
        texts={"name": "Лавка Анны", "welcome_message": "Добро пожаловать!", "introduction": "Посуда и свет для дома."},
        logo_key=logo.key,
    )
    shop_banners_update(merchant=merchant, store_banner_key=banner.key, ad_banner_key=None)
    goods = []
    for titles, colour in zip(TITLES, ("#0f4c81", "#8a3b12", "#2e7d32"), strict=True):
        product = ProductFactory(retail_price="1234.50", stock=10, **dict(zip(FIELDS, titles, strict=True)))
        product_image_add(product=product, content=drawn_image((600, 600), colour=colour))
        goods.append(ShopGoods.objects.create(merchant=merchant, product=product))
    promotion_create(merchant=merchant, package=PromotionPackageFactory(), goods=[goods[0]])
    order = received_order(merchant, operator, goods=goods[0])
    order_services.review_add(order_id=order.pk, stars=4, text="Хорошая кружка.")
    merchant.shop.refresh_from_db()
    return merchant.shop


def visitors(shop) -> int:
    return Visitor.objects.filter(merchant_id=shop.merchant_id).count()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_buyer_browses_the_shop_and_is_counted_once(page, base_url, shop, lang):
    set_language(page, base_url, lang)  # the screenshots' folder (the storefront itself takes ?lang=)
    column = COLUMN[lang]
    page.goto(f"{base_url}{shop.get_absolute_url()}?lang={lang}")

    cards = page.locator(".grid .card")
    assert cards.count() == 3
    first = cards.first
    assert TITLES[0][column] in first.inner_text()
    assert_visible(first.locator(".ad"))
    assert first.locator(".ad").inner_text() == server_text(lang, "Promoted")
    assert cards.nth(1).locator(".ad").count() == 0
    page.wait_for_load_state("networkidle")  # the beacon has been answered
    shot(page, "storefront-shop")
    assert visitors(shop) == 1

    first.click()
    page.wait_for_load_state("networkidle")
    assert page.locator("h1").inner_text() == TITLES[0][column]
    price = page.locator(".product .price").inner_text()
    assert price == {"en": "$1,234.50", "zh-CN": "US$1,234.50", "ru-RU": "1\xa0234,50\xa0$"}[lang]
    assert page.locator(".reviews li").count() == 1 and "Хорошая кружка." in page.locator(".reviews").inner_text()
    shot(page, "storefront-goods")
    assert visitors(shop) == 1  # the same visitor, the same day
    assert ShopGoods.objects.get(merchant=shop.merchant, product__title_en=TITLES[0][0]).clicks == 1

    page.goto(f"{base_url}{shop.get_absolute_url()}?lang={lang}")
    search = page.locator("#q")
    search.fill(TITLES[1][column])
    search.press("Enter")
    page.wait_for_load_state("networkidle")
    assert page.locator(".grid .card").count() == 1
    assert TITLES[1][column] in page.locator(".grid .card").inner_text()
    shot(page, "storefront-search")
