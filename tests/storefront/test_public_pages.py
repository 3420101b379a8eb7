"""The public pages (issue 38): a shop's page, its search and a product's page are the same for every visitor, kept
by a shared cache (no cookie, Cache-Control public, an ETag answered 304 without rendering) and by the application
(per shop version); every writer of what they show gives the shop a new version and sends shop_pages_changed; the
visitor's own bits come from the session request."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from apps.accounts.constants import MerchantStatus
from apps.accounts.services.merchants import merchant_transition
from apps.catalog import services as catalog_services
from apps.catalog.models import ProductImage
from apps.catalog.promotion.services import promotion_create
from apps.orders import services as order_services
from apps.orders.services.common import stock_move
from apps.shop import services as shop_services
from apps.shop.figures import follow
from apps.storefront.constants import PAGE_MAX_AGE, PAGE_S_MAXAGE
from apps.storefront.signals import shop_pages_changed
from tests.factories import (
    CategoryFactory,
    ProductFactory,
    PromotionPackageFactory,
    ShopGoodsFactory,
    received_order,
)

from .checkout import add_to_cart, buy, csrf, goods_url, shop_url

pytestmark = pytest.mark.django_db


def page(url: str, **query: str) -> str:
    response = Client().get(url, {"lang": "en", **query})
    assert response.status_code == 200, response.status_code
    return response.content.decode()


@pytest.fixture
def goods(merchant):
    return ShopGoodsFactory(merchant=merchant, product=ProductFactory(title_en="Desk lamp", retail_price="12.50"))


# --- what a shared cache needs -------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["shop", "search", "product"])
def test_a_public_page_sets_no_cookie_and_may_be_kept_by_a_shared_cache(kind, goods):
    url = {"shop": shop_url(goods.merchant), "search": shop_url(goods.merchant), "product": goods_url(goods)}[kind]
    query = {"lang": "ri", **({"q": "lamp"} if kind == "search" else {})}
    browser = Client(enforce_csrf_checks=True)
    browser.get(f"{shop_url(goods.merchant)}session")  # a visitor with a session and a CSRF cookie gets the same

    response = browser.get(url, query)

    assert response.status_code == 200
    assert not response.cookies
    assert response["Cache-Control"] == f"public, max-age={PAGE_MAX_AGE}, s-maxage={PAGE_S_MAXAGE}"
    assert "Vary" not in response  # nothing of the request but its address (the server may add Accept-Encoding)
    assert response["Content-Language"] == "ja"  # Japanese: the app's code "ri"
    assert response["ETag"].startswith('"') and len(response["ETag"]) == 34
    assert 'name="csrfmiddlewaretoken"' not in response.content.decode()


def test_the_etag_is_answered_304_without_rendering_or_reading_the_database(goods):
    url = goods_url(goods)
    first = Client().get(url, {"lang": "en"})
    etag = first["ETag"]

    with CaptureQueriesContext(connection) as queries:
        again = Client().get(url, {"lang": "en"}, headers={"If-None-Match": f'W/{etag}, "other"'})
    assert again.status_code == 304 and again["ETag"] == etag and not again.content
    assert again["Cache-Control"].startswith("public") and not again.cookies
    assert len(queries) == 0
    # Another language, another search: another ETag, the full page.
    assert Client().get(url, {"lang": "ru-RU"})["ETag"] != etag
    assert Client().get(url, {"lang": "ru-RU"}, headers={"If-None-Match": etag}).status_code == 200
    assert Client().get(shop_url(goods.merchant), {"lang": "en", "q": "lamp"})["ETag"] != etag


def test_a_page_without_its_language_in_the_address_is_private(goods):
    response = Client(HTTP_ACCEPT_LANGUAGE="ru").get(shop_url(goods.merchant))
    assert response.status_code == 200 and response["Content-Language"] == "ru"
    assert response["Cache-Control"] == "private, no-cache"
    assert {"Accept-Language", "Cookie"} <= {part.strip() for part in response["Vary"].split(",")}
    assert f'rel="canonical" href="http://testserver{shop_url(goods.merchant)}?lang=ru-RU"' in response.content.decode()


def test_a_page_that_is_not_there_or_moved_is_not_public(goods, merchant):
    missing = Client().get(f"{shop_url(merchant)}g/{goods.pk + 1000}/", {"lang": "en"})
    assert missing.status_code == 404 and "public" not in missing.get("Cache-Control", "")
    moved = Client().get(f"/s/old-name-{merchant.shop.pk}/", {"lang": "en"})
    assert moved.status_code == 301 and "public" not in moved.get("Cache-Control", "")


@pytest.mark.parametrize("count", [3, 25])
def test_the_pages_read_in_constant_queries_and_none_once_cached(
    count,
    merchant,
):
    products = [ProductFactory(category=CategoryFactory()) for _ in range(count)]
    goods = [ShopGoodsFactory(merchant=merchant, product=product) for product in products]
    for url in (shop_url(merchant), goods_url(goods[0])):
        with CaptureQueriesContext(connection) as cold:
            page(url)
        assert len(cold) <= 10
        with CaptureQueriesContext(connection) as warm:
            page(url)
        assert len(warm) == 0


# --- the visitor's own bits ----------------------------------------------------------------------------------------


def test_the_session_request_gives_the_forms_token_and_the_cart_count(buyer, goods):
    session = f"{shop_url(goods.merchant)}session?lang=en"
    bits = buyer.get(session)
    assert bits["Cache-Control"].startswith("max-age=0") and "no-store" in bits["Cache-Control"]
    assert "private" in bits["Cache-Control"]
    assert bits.json() == {"csrf": bits.json()["csrf"], "cart": 0, "signed_in": False, "following": False, "notes": []}

    assert add_to_cart(buyer, goods, 3).status_code == 303  # with the token the session request gave
    bits = buyer.get(session).json()
    assert bits["cart"] == 3 and [note["text"] for note in bits["notes"]] == ["Added to your cart."]
    assert buyer.get(session).json()["notes"] == []  # shown once
    # Without the token (a browser that ran no script) the form is refused and nothing is added.
    refused = Client(enforce_csrf_checks=True).post(f"{shop_url(goods.merchant)}cart/add", {"goods": goods.pk})
    assert refused.status_code == 403


def test_checkout_works_from_the_public_pages(buyer, goods):
    buyer_order = buy(buyer, goods, quantity=2)
    assert buyer_order.order.quantity == 2
    assert buyer.get(f"{shop_url(goods.merchant)}session").json()["cart"] == 0  # the cart became the order


def test_the_session_bits_are_in_the_language_asked(buyer, goods):
    token = csrf(buyer, f"{goods_url(goods)}?lang=ru-RU")
    buyer.post(f"{shop_url(goods.merchant)}cart/add?lang=ru-RU", {"csrfmiddlewaretoken": token, "goods": goods.pk})
    bits = buyer.get(f"{shop_url(goods.merchant)}session", {"lang": "ru-RU"})
    assert bits.json()["notes"][0]["text"] == "Добавлено в корзину."
    assert bits.cookies["django_language"].value == "ru"


# --- every writer of what the pages show ---------------------------------------------------------------------------


@pytest.fixture
def changes(django_capture_on_commit_callbacks):
    """Runs a change and answers the shops shop_pages_changed was sent for once it committed."""
    sent: list[int] = []

    def receiver(shop_id: int, **kwargs) -> None:
        sent.append(shop_id)

    shop_pages_changed.connect(receiver, weak=False, dispatch_uid="test-changes")

    def run(change) -> list[int]:
        sent.clear()
        with django_capture_on_commit_callbacks(execute=True):
            change()
        return sorted(set(sent))

    yield run
    shop_pages_changed.disconnect(dispatch_uid="test-changes")


def test_the_merchant_changes_the_shop_texts_and_logo(goods, merchant, changes):
    url = shop_url(merchant)
    etag = Client().get(url, {"lang": "en"})["ETag"]
    assert changes(lambda: shop_services.shop_update(merchant=merchant, texts={"welcome_message": "Spring sale!"})) == [
        merchant.shop.pk
    ]
    response = Client().get(url, {"lang": "en"})
    assert "Spring sale!" in response.content.decode() and response["ETag"] != etag
    assert Client().get(url, {"lang": "en"}, headers={"If-None-Match": etag}).status_code == 200


def test_an_operator_closes_and_reopens_the_shop(goods, merchant, operator, changes):
    def move(to: str) -> None:
        merchant_transition(merchant_id=merchant.pk, to=to, operator=operator, reason="An operator's decision")

    page(goods_url(goods))
    assert changes(lambda: move(MerchantStatus.CLOSED)) == [merchant.shop.pk]
    assert Client().get(goods_url(goods), {"lang": "en"}).status_code == 404
    changes(lambda: move(MerchantStatus.ACTIVE))
    assert "Desk lamp" in page(goods_url(goods))


def test_goods_off_and_on_the_shelf_added_and_removed(goods, merchant, changes):
    assert "Desk lamp" in page(shop_url(merchant))
    assert changes(lambda: catalog_services.goods_switch(merchant=merchant, goods_id=goods.pk, on_shelf=False)) == [
        merchant.shop.pk
    ]
    assert "Desk lamp" not in page(shop_url(merchant))
    assert Client().get(goods_url(goods), {"lang": "en"}).status_code == 404
    catalog_services.goods_switch(merchant=merchant, goods_id=goods.pk, on_shelf=True)
    assert "Desk lamp" in page(shop_url(merchant))

    added = ProductFactory(title_en="Floor lamp")
    assert changes(lambda: catalog_services.goods_add(merchant=merchant, product_ids=[added.pk])) == [merchant.shop.pk]
    assert "Floor lamp" in page(shop_url(merchant))
    changes(lambda: catalog_services.goods_remove(merchant=merchant, goods_id=goods.pk))
    assert "Desk lamp" not in page(shop_url(merchant))


def test_an_operator_edits_a_product_every_shop_listing_it_changes(goods, merchant, other_merchant, changes):
    elsewhere = ShopGoodsFactory(merchant=other_merchant, product=goods.product)
    unrelated = ShopGoodsFactory()
    for url in (shop_url(merchant), goods_url(goods), goods_url(elsewhere), shop_url(unrelated.merchant)):
        page(url)
    product = goods.product

    def edit() -> None:
        product.title_en, product.title_ru, product.retail_price = "Reading lamp", "Лампа для чтения", Decimal("14.00")
        product.save()

    assert changes(edit) == sorted([merchant.shop.pk, other_merchant.shop.pk])
    assert "Reading lamp" in page(shop_url(merchant)) and "$14.00" in page(goods_url(goods))
    assert "Лампа для чтения" in page(goods_url(elsewhere), lang="ru-RU")


def test_a_new_picture_and_a_renamed_category(goods, merchant, changes):
    page(goods_url(goods))
    changes(lambda: ProductImage.objects.create(product=goods.product, image="p/new.jpg", thumbnail="p/new-t.jpg"))
    assert "new.jpg" in page(goods_url(goods))

    category = goods.product.category
    assert changes(lambda: setattr(category, "name_en", "Lighting") or category.save()) == [merchant.shop.pk]
    assert "Lighting" in page(shop_url(merchant))


def test_the_last_unit_taken_shows_out_of_stock_and_its_return_in_stock(merchant, changes):
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(stock=2))
    assert "Out of stock" not in page(shop_url(merchant))
    product = {goods.product_id: 1}
    assert changes(lambda: stock_move(product, -1)) == []  # one left: the pages show the same
    assert changes(lambda: stock_move(product, -1)) == [merchant.shop.pk]  # the last one: sold, or held by an order
    assert "Out of stock" in page(shop_url(merchant)) and "Out of stock" in page(goods_url(goods))
    assert changes(lambda: stock_move(product, +1)) == [merchant.shop.pk]  # given back (an order cancelled)
    assert "Out of stock" not in page(shop_url(merchant))


def test_a_promotion_ranks_its_goods_first_at_once(goods, merchant, changes):
    page(goods_url(goods))
    package = PromotionPackageFactory(duration_hours=1)
    assert changes(lambda: promotion_create(merchant=merchant, package=package, goods=[goods])) == [merchant.shop.pk]
    assert "Promoted" in page(goods_url(goods))


def test_followers_and_ratings_shown_change(goods, merchant, operator, changes):
    assert "0 followers" in page(shop_url(merchant))
    changes(lambda: follow(merchant=merchant, buyer="account:1"))
    assert "1 follower" in page(shop_url(merchant))
    order = received_order(merchant, operator, goods=goods)
    changes(lambda: order_services.review_add(order_id=order.pk, stars=4, text="Bright"))
    assert "4.0 out of 5 (1 rating)" in page(shop_url(merchant)) and "Bright" in page(goods_url(goods))
