"""Buyer accounts (issue 14): an email confirmed by a link opens the account; Django's password validators; sign-in
limited per address and closed to operators; the account page with one's orders and followed shops; following a
shop, which needs an account."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.throttling import SimpleRateThrottle

from apps.orders import services as order_services
from apps.shop.models import Follower
from tests.conftest import ApiClient
from tests.factories import DEFAULT_PAY_PASSWORD, ProductFactory, ShopGoodsFactory, fund

from .checkout import add_to_cart, buy, cart_url, csrf, step

pytestmark = pytest.mark.django_db

PASSWORD = "Kettle-blue-2026"


def post(client, url: str, **fields):
    token = csrf(client, "/account/sign-in/?lang=en")
    return client.post(url, {"csrfmiddlewaretoken": token, **fields})


def sign_up(client, capture, email="ann@example.com", password=PASSWORD, **fields):
    fields = {"website": "", **fields}
    with capture(execute=True):
        return post(client, "/account/sign-up/?lang=en", email=email, password=password, **fields)


def confirmation_link() -> str:
    return re.search(r"http://testserver(/account/confirm/\S+)", mail.outbox[-1].body)[1]


def signed_up(client, capture, email="ann@example.com") -> User:
    sign_up(client, capture, email=email)
    client.get(confirmation_link())
    return User.objects.get(username=email)


def test_an_account_opens_when_its_email_is_confirmed(buyer, django_capture_on_commit_callbacks):
    answer = sign_up(buyer, django_capture_on_commit_callbacks, email="Ann@Example.com")
    assert answer.status_code == 200 and "Check your email" in answer.content.decode()
    user = User.objects.get()
    assert (user.username, user.is_active, user.is_staff) == ("ann@example.com", False, False)
    assert user.password.startswith(("md5$", "argon2")) and PASSWORD not in user.password  # Django's hashers
    [message] = mail.outbox
    assert message.to == ["ann@example.com"] and message.subject == "Confirm your email"

    refused = post(buyer, "/account/sign-in/?lang=en", email="ann@example.com", password=PASSWORD)
    assert refused.status_code == 400 and "the email is not confirmed yet" in refused.content.decode()

    link = confirmation_link()
    opened = buyer.get(link)
    assert opened.status_code == 303 and opened["Location"] == "/account/?lang=en"
    page = buyer.get("/account/", {"lang": "en"}).content.decode()
    assert "Your email is confirmed and your account is open." in page and "ann@example.com" in page
    assert User.objects.get().is_active
    again = buyer.get(link)  # a confirmed account no longer matches its link
    assert again.status_code == 404 and "This link is not valid or has expired." in again.content.decode()


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("12345678", "This password is entirely numeric."),
        ("password", "This password is too common."),
        ("Ab-1", "This password is too short."),
    ],
)
def test_a_weak_password_opens_nothing(buyer, django_capture_on_commit_callbacks, password, message):
    answer = sign_up(buyer, django_capture_on_commit_callbacks, password=password)
    assert answer.status_code == 400 and message in answer.content.decode()
    assert not User.objects.exists() and not mail.outbox


def test_the_honeypot_opens_nothing(buyer, django_capture_on_commit_callbacks):
    answer = sign_up(buyer, django_capture_on_commit_callbacks, website="http://spam.example")
    assert answer.status_code == 400 and not User.objects.exists()


def test_signing_up_with_an_open_accounts_email_changes_nothing_and_says_nothing(
    buyer, client, django_capture_on_commit_callbacks
):
    user = signed_up(buyer, django_capture_on_commit_callbacks)
    password = user.password
    mail.outbox.clear()
    answer = sign_up(client, django_capture_on_commit_callbacks, password="Another-pass-2026")
    assert "Check your email" in answer.content.decode()  # the same answer as for a new email
    assert not mail.outbox and User.objects.get().password == password


def test_sign_in_and_out(buyer, client, django_capture_on_commit_callbacks):
    signed_up(buyer, django_capture_on_commit_callbacks)
    wrong = post(client, "/account/sign-in/?lang=en", email="ann@example.com", password="not-it-2026")
    assert wrong.status_code == 400 and "The email or password is wrong" in wrong.content.decode()
    right = post(client, "/account/sign-in/?lang=en", email="ann@example.com", password=PASSWORD, next="/account/")
    assert right.status_code == 303 and right["Location"] == "/account/"
    assert client.get("/account/").status_code == 200
    post(client, "/account/sign-out?lang=en")
    assert client.get("/account/")["Location"].startswith("/account/sign-in/")


def test_sign_in_goes_back_only_to_this_site(buyer, django_capture_on_commit_callbacks):
    signed_up(buyer, django_capture_on_commit_callbacks)
    post(buyer, "/account/sign-out?lang=en")
    answer = post(
        buyer, "/account/sign-in/?lang=en", email="ann@example.com", password=PASSWORD, next="https://evil.example/"
    )
    assert answer["Location"] == "/account/?lang=en"


def test_sign_in_is_limited_per_address(buyer, django_capture_on_commit_callbacks, monkeypatch):
    signed_up(buyer, django_capture_on_commit_callbacks)
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "buyer_sign_in", "2/min")
    for _try in range(2):
        post(buyer, "/account/sign-in/?lang=en", email="ann@example.com", password="wrong-2026")
    answer = post(buyer, "/account/sign-in/?lang=en", email="ann@example.com", password=PASSWORD)
    assert answer.status_code == 400 and "Too many tries from your network." in answer.content.decode()


def test_operators_are_not_buyers(client, operator, goods_of_shop):
    answer = post(client, "/account/sign-in/?lang=en", email="operator@example.com", password="Operator-pass-2026")
    assert answer.status_code == 400  # the username is not an email, and staff never sign in here
    operator.username = "ops@example.com"
    operator.save()
    answer = post(client, "/account/sign-in/?lang=en", email="ops@example.com", password="Operator-pass-2026")
    assert answer.status_code == 400
    client.force_login(operator)  # an operator's admin session
    assert "Sign in" in client.get(goods_of_shop.merchant.shop.get_absolute_url(), {"lang": "en"}).content.decode()
    assert client.get("/account/")["Location"].startswith("/account/sign-in/")


@pytest.fixture
def goods_of_shop(merchant):
    return ShopGoodsFactory(merchant=merchant)


def test_following_a_shop_needs_an_account_and_counts_once(buyer, goods_of_shop, django_capture_on_commit_callbacks):
    shop = goods_of_shop.merchant.shop
    follow = f"{shop.get_absolute_url()}follow"
    asked = post(buyer, follow, action="follow")
    assert asked.status_code == 303 and asked["Location"].startswith("/account/sign-in/")
    assert not Follower.objects.exists()

    user = signed_up(buyer, django_capture_on_commit_callbacks)
    for _twice in range(2):
        post(buyer, follow, action="follow")
    page = buyer.get(shop.get_absolute_url(), {"lang": "en"}).content.decode()
    assert "1 follower" in page and "Following" in page and "You follow this shop." in page
    assert list(Follower.objects.values_list("buyer", flat=True)) == [f"account:{user.pk}"]
    assert shop.name in buyer.get("/account/", {"lang": "en"}).content.decode()
    post(buyer, follow, action="unfollow")
    assert "0 followers" in buyer.get(shop.get_absolute_url(), {"lang": "en"}).content.decode()


def test_the_account_shows_the_orders_of_its_email_in_constant_queries(
    buyer, client, goods_of_shop, django_capture_on_commit_callbacks
):
    first = buy(client, goods_of_shop)  # placed before the account existed, with the same email
    signed_up(buyer, django_capture_on_commit_callbacks)
    other = buy(buyer, goods_of_shop, email="someone@example.com")

    def account_page() -> tuple[str, int]:
        with CaptureQueriesContext(connection) as queries:
            html = buyer.get("/account/", {"lang": "en"}).content.decode()
        return html, len(queries)

    html, one = account_page()
    assert first.order.number in html and f"/o/{first.token}/" in html
    assert other.order.number not in html
    for _more in range(3):
        buy(buyer, goods_of_shop)
    html, four = account_page()
    assert html.count("/o/") == 4 and four == one
    add_to_cart(buyer, goods_of_shop)  # the checkout form knows the account's email
    assert 'value="ann@example.com"' in buyer.get(cart_url(goods_of_shop)).content.decode()


def test_home_figures_match_what_buyers_did_in_the_storefront(
    buyer, client, merchant, operator, django_capture_on_commit_callbacks
):
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(retail_price="12.50", stock=9))
    buy(Client(enforce_csrf_checks=True), goods)  # paid, awaiting pickup
    received = buy(client, goods, 2)  # paid, picked, shipped, received and rated by its buyer
    fund(merchant, "30")
    order_services.order_pick(merchant=merchant, order_id=received.order_id, pay_password=DEFAULT_PAY_PASSWORD)
    order_services.order_ship(order_id=received.order_id, carrier="DHL", tracking_number="T1", operator=operator)
    step(client, received, "receive")
    step(client, received, "rate", stars="4")
    unpaid = buy(Client(enforce_csrf_checks=True), goods, action="fail")
    step(client, unpaid, "cancel")  # never paid: not a sale
    signed_up(buyer, django_capture_on_commit_callbacks)
    post(buyer, f"{merchant.shop.get_absolute_url()}follow", action="follow")

    home = ApiClient().login_as(merchant).get("/merchant/index/index").json()["data"]
    assert (home["today_orders"], home["today_sales"]) == (2, "37.50")
    assert (home["total_sales"], home["awaiting_pickup"]) == ("25.00", 1)
    assert (home["rating"], home["rating_count"], home["followers"]) == ("4.00", 1, 1)
