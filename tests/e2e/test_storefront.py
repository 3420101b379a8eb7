"""Browser tests of the buyers' storefront (issue 14) at 390x844 in Chromium, in three languages: a buyer opens the shop
(promoted goods first, with their ad mark), is counted once as a visitor by the page's session request, opens a product
(price in the language's format, stock, buyers' ratings) and searches the shop; a buyer puts a product in the cart,
checks out, fails the development provider's test payment, pays on the second try, the merchant's app shows the order
awaiting pickup, and once it is shipped the buyer confirms receipt and rates it, and it settles; a buyer opens an
account (a refused weak password first), confirms it by the e-mailed link and its password, follows the shop and finds
it on the account page. Screenshots of the shop, product, search, cart, payment, order and account pages:
tests/e2e/artifacts/<lang>/storefront-*.png."""

import re
from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.core import mail
from django.utils import timezone

from apps.catalog.models import Product, ShopGoods
from apps.catalog.promotion.services import promotion_create
from apps.catalog.services import product_image_add
from apps.orders import services as order_services
from apps.orders import tasks as order_tasks
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.shop.models import Visitor
from apps.shop.services import shop_banners_update, shop_update
from tests.e2e.conftest import (
    assert_visible,
    open_app,
    server_text,
    set_language,
    shot,
    sign_in,
)
from tests.e2e.test_promotion import FIELDS, TITLES
from tests.e2e.test_shop import drawn_upload
from tests.factories import (
    DEFAULT_PAY_PASSWORD,
    LevelFactory,
    ProductFactory,
    PromotionPackageFactory,
    drawn_image,
    fund,
    received_order,
)

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


def session_ready(page) -> None:
    """Waits for the public page's script to have filled in the visitor's bits (the forms' CSRF token, the notes)."""
    page.wait_for_selector("html[data-session=ready]", state="attached")


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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_buyer_checks_out_pays_receives_and_rates(page, base_url, shop, operator, lang):
    set_language(page, base_url, lang)
    column = COLUMN[lang]
    orders = Order.objects.count()  # the rated order of the fixture
    listing = ShopGoods.objects.get(merchant=shop.merchant, product__title_en=TITLES[1][0])
    page.goto(f"{base_url}{shop.get_absolute_url()}g/{listing.pk}/?lang={lang}")
    session_ready(page)
    page.fill("#quantity", "2")
    page.locator("form.buy button").click()

    # The cart: the line, its total in the language's format, the checkout form.
    page.wait_for_url("**/cart/?lang=*")
    assert page.locator(".notes").inner_text() == server_text(lang, "Added to your cart.")
    assert TITLES[1][column] in page.locator(".lines").inner_text()
    total = {"en": "$2,469.00", "zh-CN": "US$2,469.00", "ru-RU": "2\xa0469,00\xa0$"}[lang]
    assert page.locator(".fields .total strong").inner_text() == total
    assert page.locator(".cartlink .count").inner_text() == "2"
    page.fill("#id_name", "Ann Buyer")
    page.fill("#id_phone", "+81 90 1234 5678")
    page.fill("#id_address", "1-2-3 Shibuya, Tokyo")
    page.select_option("#id_country", "JP")
    page.fill("#id_email", "not an address")  # a mistake first: the form says so and places nothing
    page.locator(".fields button.primary").click()
    page.wait_for_load_state()
    assert_visible(page.locator(".fields .error").first)
    shot(page, "storefront-cart-error")
    assert Order.objects.count() == orders
    page.fill("#id_email", "ann@example.com")
    shot(page, "storefront-cart")
    page.locator(".fields button.primary").click()

    # The development provider's test page, plainly labelled; a failed payment leaves the order to pay again.
    page.wait_for_url("**/pay/dev/**")
    assert page.locator(".testmark").inner_text() == server_text(lang, "Test payment: no money moves")
    shot(page, "storefront-payment")
    order = Order.objects.latest("pk")
    assert Order.objects.count() == orders + 1 and order.status == OrderStatus.AWAITING_PAYMENT
    assert Product.objects.get(pk=listing.product_id).stock == 8  # reserved
    page.locator("button[value=fail]").click()
    page.wait_for_url("**/o/**")
    assert page.locator(".notes").inner_text() == server_text(lang, "The payment failed. You can try again.")
    assert page.locator(".badge").inner_text() == server_text(lang, "Awaiting payment")
    shot(page, "storefront-order-unpaid")
    page.locator(".actions button.primary").click()
    page.wait_for_url("**/pay/dev/**")
    page.locator("button[value=pay]").click()

    # The buyer's order page: paid, its goods and total, the steps so far.
    page.wait_for_url("**/o/**")
    assert page.locator(".badge").inner_text() == server_text(lang, "Paid")
    assert page.locator(".panel .total strong").inner_text() == total
    assert page.locator(".steps li").count() == 2  # ordered, paid: the failed try changed no status
    shot(page, "storefront-order")
    order.refresh_from_db()
    assert order.status == OrderStatus.AWAITING_PICKUP

    # The merchant's app: the order awaits pickup.
    buyer_page = page.url
    sign_in(page, base_url, shop.merchant, lang)
    open_app(page, base_url, "/order")
    assert_visible(page.get_by_test_id("order-card").filter(has_text=order.number))

    # Picked up and shipped (the merchant's and the operator's screens have their own tests), the buyer confirms
    # receipt on the order page and rates it.
    fund(shop.merchant, "2469")
    order_services.order_pick(merchant=shop.merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    order_services.order_ship(order_id=order.pk, carrier="DHL", tracking_number="JD014600006281", operator=operator)
    page.goto(buyer_page)
    assert page.locator(".badge").first.inner_text() == server_text(lang, "Shipped")
    page.get_by_role("button", name=server_text(lang, "I received it")).click()
    page.wait_for_load_state()
    assert page.locator(".notes").inner_text() == server_text(lang, "Thank you: the order is received.")
    page.locator(".rating label", has=page.locator("input[value='4']")).click()  # the fourth star from the left
    page.fill("#rating_text", "Хорошая лампа.")
    shot(page, "storefront-order-rate")
    page.get_by_role("button", name=server_text(lang, "Send the rating")).click()
    page.wait_for_load_state()
    assert page.locator(".notes").inner_text() == server_text(lang, "Thank you for your rating.")
    assert_visible(page.locator(".stars", has_text="★★★★☆"), scroll=True)
    shot(page, "storefront-order-rated")
    order.refresh_from_db()
    assert order.status == OrderStatus.RECEIVED and order.review.stars == 4

    # The settlement delay passes: the beat's sweep settles it, and the buyer's page says it is completed.
    with time_machine.travel(timezone.now() + timedelta(days=settings.ORDER_SETTLEMENT_DELAY_DAYS, hours=1)):
        order_tasks.orders_move_due()
    page.reload()
    assert page.locator(".badge").first.inner_text() == server_text(lang, "Completed")
    order.refresh_from_db()
    assert order.status == OrderStatus.COMPLETED


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_buyer_opens_an_account_and_follows_the_shop(page, base_url, shop, lang):
    set_language(page, base_url, lang)
    page.goto(f"{base_url}{shop.get_absolute_url()}?lang={lang}")
    session_ready(page)
    page.locator(".follow button").click()  # following needs an account: the sign-in page asks for one
    page.wait_for_url("**/account/sign-in/**")
    shot(page, "storefront-sign-in")
    page.get_by_role("link", name=server_text(lang, "Open an account")).click()
    page.wait_for_url("**/account/sign-up/**")
    page.fill("#id_email", f"ann.{lang.lower()}@example.com")
    page.fill("#id_password", "12345678")  # Django's validators refuse it, in the page's language
    page.locator(".fields button.primary").click()
    page.wait_for_load_state()
    assert_visible(page.locator(".fields .error").first)
    shot(page, "storefront-sign-up-error")
    page.fill("#id_password", "Kettle-blue-2026")
    page.locator(".fields button.primary").click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == server_text(lang, "Check your email")

    link = re.search(r"http://\S+/account/confirm/\S+", mail.outbox[-1].body)[0]
    page.goto(link)  # the link's page asks for the password chosen with it
    page.fill("#id_password", "Kettle-blue-2026")
    page.locator(".fields button.primary").click()
    page.wait_for_url("**/account/?lang=*")
    assert page.locator(".notes").inner_text() == server_text(lang, "Your email is confirmed and your account is open.")
    page.goto(f"{base_url}{shop.get_absolute_url()}?lang={lang}")
    session_ready(page)
    page.locator(".follow button").click()
    page.wait_for_load_state()
    session_ready(page)
    assert page.locator(".notes").inner_text() == server_text(lang, "You follow this shop.")
    assert page.locator(".follow button").inner_text() == server_text(lang, "Following")
    page.get_by_role("link", name=server_text(lang, "Account")).click()
    page.wait_for_load_state()
    assert shop.name in page.locator(".panel").nth(2).inner_text()
    shot(page, "storefront-account")


@pytest.mark.parametrize("lang", ["en", "ru-RU"])
def test_after_paying_the_buyer_is_thanked_asked_before_cancelling_and_finds_the_order(page, base_url, merchant, lang):
    """Issue 34: a phone that is no number is refused at its field; the paid order's page thanks the buyer and says
    what comes next, its number on one line; cancelling asks first; the account lists the order with its product,
    picture and shop. Screenshots: storefront-paid, storefront-cancel, storefront-account-orders."""
    from django.contrib.auth.models import User

    LevelFactory(rank=1)
    product = ProductFactory(retail_price="19.90", stock=10, **dict(zip(FIELDS, TITLES[0], strict=True)))
    product_image_add(product=product, content=drawn_image((400, 400), colour="#0f4c81"))
    listing = ShopGoods.objects.create(merchant=merchant, product=product)
    User.objects.create_user("ann@example.com", "ann@example.com", "Kettle-blue-2026")
    set_language(page, base_url, lang)
    page.goto(f"{base_url}/account/sign-in/?lang={lang}")
    page.fill("#id_email", "ann@example.com")
    page.fill("#id_password", "Kettle-blue-2026")
    page.locator(".fields button.primary").click()
    page.wait_for_url("**/account/?lang=*")

    page.goto(f"{base_url}{merchant.shop.get_absolute_url()}g/{listing.pk}/?lang={lang}")
    session_ready(page)
    page.locator("form.buy button").click()
    page.wait_for_url("**/cart/?lang=*")
    page.fill("#id_name", "Ann Buyer")
    page.fill("#id_phone", "abc")
    page.fill("#id_address", "1-2-3 Shibuya, Tokyo")
    page.select_option("#id_country", "JP")
    page.locator(".fields button.primary").click()
    page.wait_for_load_state()
    error = page.locator("#id_phone + .error")
    assert error.inner_text() == server_text(
        lang,
        "This is not a phone number of the delivery country (%(country)s). For example: %(example)s.",
        country={"en": "Japan", "ru-RU": "Япония"}[lang],
        example="+81 90-1234-5678",
    )
    assert not Order.objects.exists()
    page.fill("#id_phone", "090 1234 5678")
    page.locator(".fields button.primary").click()
    page.wait_for_url("**/pay/dev/**")
    page.locator("button[value=pay]").click()
    page.wait_for_url("**/o/**")
    order = Order.objects.get()
    assert order.ship_phone == "+819012345678"

    # Paid: thanked, what comes next, the number on one line, cancelling a plain link below.
    assert page.locator(".thanks h2").inner_text() == server_text(lang, "Thank you! Your payment was received.")
    number = page.locator("h1 .number")
    assert number.inner_text() == order.number
    assert number.evaluate("el => el.getClientRects().length") == 1  # not broken across lines
    assert page.locator("form[action*='/cancel']").count() == 0
    shot(page, "storefront-paid")

    page.get_by_role("link", name=server_text(lang, "Cancel the order")).click()
    page.wait_for_url("**/cancel?lang=*")
    assert page.locator("h1").inner_text() == server_text(lang, "Cancel this order?")
    shot(page, "storefront-cancel")
    page.get_by_role("link", name=server_text(lang, "Keep the order")).click()
    page.wait_for_url("**/o/*/?lang=*")
    order.refresh_from_db()
    assert order.status == OrderStatus.AWAITING_PICKUP

    page.goto(f"{base_url}/account/?lang={lang}")
    row = page.locator(".orders li").first
    assert TITLES[0][COLUMN[lang]] in row.inner_text() and row.locator("img").count() == 1
    badge, number = row.locator(".badge").bounding_box(), row.locator(".number").bounding_box()
    assert number["y"] + number["height"] <= badge["y"] or number["x"] + number["width"] <= badge["x"]  # apart
    assert_visible(page.get_by_role("link", name=server_text(lang, "Back to the shop")))
    shot(page, "storefront-account-orders")
