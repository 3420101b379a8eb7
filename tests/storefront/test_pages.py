"""The storefront's shop and product pages (issue 14): what a buyer sees of an open shop, promoted goods first with
their ad mark, search, category and pages; a closed, pending or missing shop is not shown; structured data, the
sitemap and robots.txt; the first load's weight."""

import gzip
import json
import re
from datetime import timedelta
from pathlib import Path

import pytest
import time_machine
from django.contrib.staticfiles import finders
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.constants import MerchantStatus
from apps.catalog.promotion.services import promotion_create
from apps.orders import services as order_services
from tests.factories import (
    CategoryFactory,
    MerchantFactory,
    ProductFactory,
    PromotionPackageFactory,
    ShopGoodsFactory,
    received_order,
)

from .checkout import goods_url, shop_url

pytestmark = pytest.mark.django_db


def titles(html: str) -> list[str]:
    return re.findall(r'<span class="title">([^<]*)</span>', html)


def structured_data(html: str) -> dict:
    return json.loads(re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)[1])


def test_shop_page_shows_the_open_shop_and_its_goods_on_sale(buyer, merchant, other_merchant):
    merchant.shop.welcome_message = "Hello, buyers!"
    merchant.shop.save()
    selling = ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en="Desk lamp", retail_price="12.50"))
    ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en="Resting"), on_shelf=False)
    ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en="Withdrawn", is_active=False))
    ShopGoodsFactory(merchant=other_merchant, product=ProductFactory(title_en="Elsewhere"))

    response = buyer.get(shop_url(merchant))

    assert response.status_code == 200
    html = response.content.decode()
    assert titles(html) == ["Desk lamp"]
    assert "$12.50" in html
    assert f'href="/s/{merchant.shop.slug}/g/{selling.pk}/?lang=en"' in html
    assert '<h1 translate="no">' + merchant.shop.name + "</h1>" in html
    assert "Hello, buyers!" in html
    # A new shop: no ratings yet, no followers (nothing typed, all from events).
    assert "No ratings yet" in html and "0 followers" in html
    assert '<link rel="canonical" href="http://testserver' + shop_url(merchant) + '?lang=en">' in html


def test_the_rating_and_followers_come_from_buyers(buyer, merchant, operator):
    from apps.shop.figures import follow

    for stars in (5, 4):
        order = received_order(merchant, operator)
        order_services.review_add(order_id=order.pk, stars=stars, text="")
    follow(merchant=merchant, buyer="b-1")

    html = buyer.get(shop_url(merchant)).content.decode()

    assert "4.5 out of 5 (2 ratings)" in html
    assert "1 follower<" in html


def test_promoted_goods_come_first_with_their_ad_mark(buyer, merchant):
    older = ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en="Older"))
    ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en="Newer"))
    assert titles(buyer.get(shop_url(merchant)).content.decode()) == ["Newer", "Older"]

    promotion_create(merchant=merchant, package=PromotionPackageFactory(), goods=[older])
    html = buyer.get(shop_url(merchant)).content.decode()

    assert titles(html) == ["Older", "Newer"]
    assert html.count('<span class="ad">Promoted</span>') == 1
    assert html.index("Promoted") < html.index(">Older<")


@pytest.mark.parametrize(
    ("status", "message"),
    [
        (MerchantStatus.PENDING, "This shop is not open at the moment."),
        (MerchantStatus.CLOSED, "This shop is not open at the moment."),
        (MerchantStatus.REJECTED, "This shop is not open at the moment."),
    ],
)
def test_a_shop_that_is_not_open_shows_nothing_and_is_not_indexed(buyer, status, message):
    merchant = MerchantFactory(status=status)
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en="Hidden lamp"))
    for url in (shop_url(merchant), goods_url(goods)):
        response = buyer.get(url)
        html = response.content.decode()
        assert response.status_code == 404
        assert message in html
        assert "Hidden lamp" not in html and merchant.shop.name not in html
        assert response["X-Robots-Tag"] == "noindex"
        assert '<meta name="robots" content="noindex">' in html


def test_unknown_addresses_answer_the_storefront_not_found_page(buyer, merchant):
    shop_id = merchant.shop.pk
    for url in (f"/s/nothing-{shop_id + 1000}/", "/s/no-id/", f"/s/{'9' * 19}/", f"{shop_url(merchant)}g/1/x/"):
        response = buyer.get(url)
        assert response.status_code == 404, url
        assert response["Content-Type"].startswith("text/html")
        assert '<meta name="robots" content="noindex">' in response.content.decode()
    # Without its slash, the shop's address gets it (then answers 200).
    assert buyer.get(shop_url(merchant).rstrip("/")).status_code == 301


def test_an_old_or_short_address_moves_to_the_shop_current_one(buyer, merchant):
    old = shop_url(merchant)
    merchant.shop.name = "Lamps & Light"
    merchant.shop.save()
    new = shop_url(merchant)
    assert new == f"/s/lamps-light-{merchant.shop.pk}/"
    for url in (f"{old}?q=lamp&lang=ru-RU", f"/s/{merchant.shop.pk}/?q=lamp&lang=ru-RU"):
        response = buyer.get(url)
        assert response.status_code == 301
        assert response["Location"] == f"{new}?q=lamp&lang=ru-RU"


def test_a_non_latin_name_keeps_its_letters_in_the_address(buyer):
    merchant = MerchantFactory()
    merchant.shop.name = "小王的店"
    merchant.shop.save()
    assert merchant.shop.slug == f"小王的店-{merchant.shop.pk}"
    assert buyer.get(shop_url(merchant)).status_code == 200


def test_search_category_and_pages_within_the_shop(buyer, merchant, other_merchant):
    lamps = CategoryFactory(name_en="Lamps")
    cups = CategoryFactory(name_en="Cups")
    CategoryFactory(name_en="Empty")  # no goods of this shop: not offered
    for n in range(22):
        ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en=f"Lamp {n:02d}", category=lamps))
    ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en="Blue cup", category=cups))
    ShopGoodsFactory(merchant=other_merchant, product=ProductFactory(title_en="Other cup", category=cups))
    url = shop_url(merchant)

    first = buyer.get(url).content.decode()
    assert len(titles(first)) == 20
    assert "Page 1 of 2" in first and "?lang=en&amp;page=2" in first
    assert ">Lamps<" in first and ">Cups<" in first and ">Empty<" not in first
    second = buyer.get(url, {"page": 2}).content.decode()
    assert titles(second) == ["Lamp 02", "Lamp 01", "Lamp 00"]
    assert f'<link rel="canonical" href="http://testserver{url}?lang=en&amp;page=2">' in second

    found = buyer.get(url, {"q": "cup"}).content.decode()
    assert titles(found) == ["Blue cup"]
    assert "1 product found for “cup”." in found
    assert '<meta name="robots" content="noindex">' in found  # results are not pages of their own
    assert titles(buyer.get(url, {"category": cups.pk}).content.decode()) == ["Blue cup"]
    nothing = buyer.get(url, {"q": "cup", "category": lamps.pk}).content.decode()
    assert titles(nothing) == [] and "No goods match." in nothing


def test_values_out_of_bounds_are_dropped_before_the_database(buyer, merchant):
    ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en="Lamp"))
    url = shop_url(merchant)
    for query in (
        {"page": "9" * 30},
        {"page": "-1"},
        {"page": "x"},
        {"category": "9" * 30},
        {"category": "0"},
        {"q": "lamp" * 20},
        {"page": "5000"},
    ):
        response = buyer.get(url, query)
        assert response.status_code == 200, query
        assert titles(response.content.decode()) == ["Lamp"], query
    # A page past the last shows the last.
    assert titles(buyer.get(url, {"page": "7"}).content.decode()) == ["Lamp"]


def test_shop_page_reads_in_constant_queries(buyer, merchant):
    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert buyer.get(shop_url(merchant)).status_code == 200
        return len(queries)

    ShopGoodsFactory(merchant=merchant)
    few = count()
    for _ in range(15):
        ShopGoodsFactory(merchant=merchant, product=ProductFactory(category=CategoryFactory()))
    assert count() == few
    assert few <= 8  # the shop, its figures, categories, the goods' count, page and cards, the CSRF-free rest


def test_goods_page_shows_the_product_its_price_stock_and_this_shop_reviews(buyer, merchant, other_merchant, operator):
    product = ProductFactory(title_en="Desk lamp", description_en="A warm light.", retail_price="12.50", stock=5)
    goods = ShopGoodsFactory(merchant=merchant, product=product)
    other = ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en="Cup"))
    for stars, text in ((5, "Bright and solid."), (4, "Good lamp.")):
        order = received_order(merchant, operator, goods=goods)
        order_services.review_add(order_id=order.pk, stars=stars, text=text)
    order_services.review_add(order_id=received_order(merchant, operator, goods=other).pk, stars=1, text="Cracked cup.")
    elsewhere = ShopGoodsFactory(merchant=other_merchant, product=product)
    order_services.review_add(
        order_id=received_order(other_merchant, operator, goods=elsewhere).pk, stars=1, text="Other shop's lamp."
    )

    response = buyer.get(goods_url(goods))

    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>Desk lamp</h1>" in html and "A warm light." in html and "$12.50" in html
    assert "In stock" in html
    assert "4.5 out of 5 (2 ratings)" in html
    assert "Bright and solid." in html and "Good lamp." in html
    assert "Cracked cup." not in html and "Other shop's lamp." not in html
    data = structured_data(html)
    assert data["@type"] == "Product" and data["name"] == "Desk lamp"
    assert data["offers"]["price"] == "12.50" and data["offers"]["priceCurrency"] == "USD"
    assert data["offers"]["availability"] == "https://schema.org/InStock"
    assert data["offers"]["url"] == f"http://testserver{goods_url(goods)}?lang=en"
    assert data["aggregateRating"]["ratingValue"] == "4.5" and data["aggregateRating"]["reviewCount"] == 2


def test_goods_page_without_stock_or_reviews(buyer, merchant):
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en="Lamp</script><b>", stock=0))
    html = buyer.get(goods_url(goods)).content.decode()
    assert "Out of stock" in html and "No ratings yet" in html
    data = structured_data(html)  # the title cannot close the data block
    assert data["name"] == "Lamp</script><b>"
    assert data["offers"]["availability"] == "https://schema.org/OutOfStock"
    assert "aggregateRating" not in data


def test_goods_a_buyer_cannot_open_answer_not_found(buyer, merchant, other_merchant):
    resting = ShopGoodsFactory(merchant=merchant, on_shelf=False)
    withdrawn = ShopGoodsFactory(merchant=merchant, product=ProductFactory(is_active=False))
    foreign = ShopGoodsFactory(merchant=other_merchant)
    for goods_id in (resting.pk, withdrawn.pk, foreign.pk, foreign.pk + 1000):
        response = buyer.get(f"{shop_url(merchant)}g/{goods_id}/")
        assert response.status_code == 404
        assert "This product is not on sale in this shop." in response.content.decode()


def test_the_page_speaks_the_chosen_language_and_keeps_it(merchant):
    from django.test import Client

    ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en="Lamp", title_ru="Лампа", retail_price="6.50"))
    browser = Client(HTTP_ACCEPT_LANGUAGE="ru")
    html = browser.get(shop_url(merchant)).content.decode()  # first visit: Accept-Language
    assert '<html lang="ru">' in html and ">Лампа<" in html and "6,50" in html

    response = browser.get(shop_url(merchant), {"lang": "zh-CN"})
    html = response.content.decode()
    assert '<html lang="zh-hans">' in html and "在店铺内搜索" in html and "US$6.50" in html
    assert not response.cookies  # a public page: the page's script keeps the language (its session request)
    assert browser.get(f"{shop_url(merchant)}session?lang=zh-CN").cookies["django_language"].value == "zh-hans"
    # The next page without ?lang keeps it (the cookie), and every language has its address.
    html = browser.get(shop_url(merchant)).content.decode()
    assert "在店铺内搜索" in html
    for hreflang, code in (("en", "en"), ("ko", "han"), ("th", "tai")):
        assert f'hreflang="{hreflang}" href="http://testserver{shop_url(merchant)}?lang={code}"' in html


def test_sitemap_lists_open_shops_and_robots_points_to_it(buyer, merchant):
    closed = MerchantFactory(status=MerchantStatus.CLOSED)
    pending = MerchantFactory(status=MerchantStatus.PENDING)

    sitemap = buyer.get("/sitemap.xml").content.decode()

    assert f"<loc>http://testserver{shop_url(merchant)}</loc>" in sitemap
    assert shop_url(closed) not in sitemap and shop_url(pending) not in sitemap
    robots = buyer.get("/robots.txt").content.decode()
    assert "Sitemap: http://testserver/sitemap.xml" in robots
    assert "Disallow: /merchant/" in robots and "Disallow: /admin/" in robots
    assert "Disallow: /o/" in robots and "Disallow: /account/" in robots  # the buyers' own pages


FIRST_LOAD_BUDGET = 50 * 1024  # gzipped HTML + CSS + JS of a page's first load (issue 14)


def test_a_full_shop_page_first_load_is_under_the_budget(buyer, merchant):
    merchant.shop.introduction = "We sell lamps. " * 40
    merchant.shop.save()
    for n in range(25):
        ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en=f"A long product title number {n} " * 3))
    html = buyer.get(shop_url(merchant)).content
    assets = [Path(finders.find(name)).read_bytes() for name in ("storefront/store.css", "storefront/page.js")]
    size = sum(len(gzip.compress(part)) for part in (html, *assets))
    assert size < FIRST_LOAD_BUDGET
    assert b'src="/static/storefront/page.js" data-session="' in html


def test_a_promotion_that_ended_no_longer_marks_the_goods(buyer, merchant):
    goods = ShopGoodsFactory(merchant=merchant)
    promotion = promotion_create(merchant=merchant, package=PromotionPackageFactory(duration_hours=1), goods=[goods])
    assert "Promoted" in buyer.get(goods_url(goods)).content.decode()
    with time_machine.travel(promotion.ends_at + timedelta(seconds=1)):
        assert "Promoted" not in buyer.get(goods_url(goods)).content.decode()
