"""Visits (issue 14, product.md 11): a visitor is counted once per shop and local date, by the session request a
page's script sends (apps.storefront.views.session), keyed by a random first-party cookie, and at most once per
address and local date (issue 31); a crawler that runs no script is not counted; a product page's view counts in the
listing's clicks. The counts are what the merchant's Home shows."""

import re
from datetime import timedelta

import pytest
import time_machine
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from rest_framework.throttling import SimpleRateThrottle

from apps.accounts.constants import MerchantStatus
from apps.catalog.models import GoodsView, ShopGoods
from apps.shop.models import DailyFigures, Visitor
from tests.factories import MerchantFactory, ShopGoodsFactory

pytestmark = pytest.mark.django_db

ANOTHER_ADDRESS = "198.51.100.2"


def browser_at(address: str) -> Client:
    """Another browser, at another address."""
    return Client(enforce_csrf_checks=True, REMOTE_ADDR=address)


def open_page(browser: Client, url: str) -> str:
    """Loads a storefront page as a browser would and returns the address its script asks (the session request)."""
    html = browser.get(url).content.decode()
    return re.search(r'src="/static/storefront/page.js" data-session="([^"]+)"', html)[1].replace("&amp;", "&")


def run_beacon(browser: Client, url: str):
    return browser.get(open_page(browser, url))


def home_visitors(merchant) -> dict:
    from tests.conftest import ApiClient

    api = ApiClient().login_as(merchant)
    return api.get("/merchant/index/index").json()["data"]


def test_a_visitor_counts_once_a_day_whatever_the_pages(buyer, merchant):
    goods = ShopGoodsFactory(merchant=merchant)
    shop = merchant.shop.get_absolute_url()

    first = run_beacon(buyer, shop)
    assert first.status_code == 200
    key = first.cookies["sf_visitor"]
    assert key["httponly"] and key["samesite"] == "Lax" and len(key.value) == 22
    run_beacon(buyer, shop)
    run_beacon(buyer, f"{shop}g/{goods.pk}/")

    assert Visitor.objects.filter(merchant=merchant).count() == 1
    assert Visitor.objects.get().key == key.value
    # Another browser (elsewhere) is another visitor; the same browser tomorrow is counted again that day.
    run_beacon(browser_at(ANOTHER_ADDRESS), shop)
    with time_machine.travel(timezone.now() + timedelta(days=1)):
        run_beacon(buyer, shop)
    assert Visitor.objects.filter(merchant=merchant).count() == 3


def test_opening_a_page_without_its_script_counts_nothing(buyer, merchant):
    goods = ShopGoodsFactory(merchant=merchant)
    for url in (merchant.shop.get_absolute_url(), f"{merchant.shop.get_absolute_url()}g/{goods.pk}/"):
        response = buyer.get(url)
        assert response.status_code == 200
        assert "sf_visitor" not in response.cookies
    assert not Visitor.objects.exists() and not GoodsView.objects.exists()


def test_a_product_page_view_counts_in_its_clicks(buyer, merchant, other_merchant):
    goods = ShopGoodsFactory(merchant=merchant)
    foreign = ShopGoodsFactory(merchant=other_merchant)
    page = f"{merchant.shop.get_absolute_url()}g/{goods.pk}/"
    session = open_page(buyer, page)
    assert f"goods={goods.pk}" in session

    buyer.get(session)
    buyer.get(session)
    # Another shop's goods named in this shop's session request is not counted anywhere.
    buyer.get(session.replace(f"goods={goods.pk}", f"goods={foreign.pk}"))
    buyer.get(session.replace(f"goods={goods.pk}", f"goods={'9' * 40}"))

    assert ShopGoods.objects.get(pk=goods.pk).clicks == 2
    assert ShopGoods.objects.get(pk=foreign.pk).clicks == 0
    assert GoodsView.objects.filter(goods=goods).count() == 2


def test_a_request_another_site_makes_counts_nothing(buyer, merchant):
    session = open_page(buyer, merchant.shop.get_absolute_url())
    forged = Client().get(session, headers={"Sec-Fetch-Site": "cross-site"})
    assert forged.status_code == 200 and "sf_visitor" not in forged.cookies
    assert not Visitor.objects.exists()


def test_a_shop_that_is_not_open_counts_no_visits(buyer, merchant):
    session = open_page(buyer, merchant.shop.get_absolute_url())
    merchant.status = MerchantStatus.CLOSED
    merchant.save(update_fields=["status"])
    assert buyer.get(session).status_code == 200
    assert not Visitor.objects.exists()


def test_home_shows_the_storefront_visitors(buyer, merchant):
    shop = merchant.shop.get_absolute_url()
    run_beacon(buyer, shop)
    run_beacon(browser_at(ANOTHER_ADDRESS), shop)
    with time_machine.travel(timezone.now() - timedelta(days=3)):
        run_beacon(buyer, shop)
    other = MerchantFactory()
    run_beacon(buyer, other.shop.get_absolute_url())

    figures = home_visitors(merchant)

    assert (figures["visitors_today"], figures["visitors_seven"], figures["visitors_thirty"]) == (2, 2, 2)


def test_beacons_without_the_visitor_cookie_or_with_made_up_ones_count_one_visitor_an_address_a_day(merchant):
    session = open_page(Client(), merchant.shop.get_absolute_url())
    for n in range(20):
        script = Client()  # no cookie: each request is given a new one
        if n % 2:
            script.cookies["sf_visitor"] = f"made-up-visitor-{n:06}"  # 22 characters, like the real ones
        assert script.get(session).status_code == 200

    assert Visitor.objects.filter(merchant=merchant).count() == 1
    assert DailyFigures.objects.get(merchant=merchant).visitors == 1
    assert home_visitors(merchant)["visitors_today"] == 1
    call_command("check_figures", verbosity=0)  # the figures agree with the visitors recorded
    # The address is kept as nothing but a keyed hash, in the cache, for the day.
    assert "127.0.0.1" not in str(list(Visitor.objects.values()))


def test_two_addresses_count_two_visitors_and_tomorrow_the_address_counts_again(merchant):
    shop = merchant.shop.get_absolute_url()
    for address in ("127.0.0.1", ANOTHER_ADDRESS, ANOTHER_ADDRESS):
        run_beacon(browser_at(address), shop)
    assert Visitor.objects.filter(merchant=merchant).count() == 2
    with time_machine.travel(timezone.now() + timedelta(days=1)):
        run_beacon(browser_at(ANOTHER_ADDRESS), shop)
    assert Visitor.objects.filter(merchant=merchant).count() == 3
    call_command("check_figures", verbosity=0)


def test_a_visitor_counted_elsewhere_leaves_the_new_address_to_someone_else(buyer, merchant):
    shop = merchant.shop.get_absolute_url()
    run_beacon(buyer, shop)
    buyer.defaults["REMOTE_ADDR"] = ANOTHER_ADDRESS  # the same browser on another network, the same day
    run_beacon(buyer, shop)
    run_beacon(browser_at(ANOTHER_ADDRESS), shop)
    assert Visitor.objects.filter(merchant=merchant).count() == 2


def test_visits_are_counted_at_most_at_the_address_rate(merchant, monkeypatch):
    monkeypatch.setitem(SimpleRateThrottle.THROTTLE_RATES, "visit", "3/min")
    goods = ShopGoodsFactory(merchant=merchant)
    session = open_page(Client(), f"{merchant.shop.get_absolute_url()}g/{goods.pk}/")
    answers = [Client().get(session) for _ in range(4)]
    # The page still gets its bits; the visit past the rate counted nothing.
    assert [answer.status_code for answer in answers] == [200, 200, 200, 200]
    assert "sf_visitor" not in answers[-1].cookies
    assert ShopGoods.objects.get(pk=goods.pk).clicks == 3
    # Another address has its own allowance.
    Client(REMOTE_ADDR=ANOTHER_ADDRESS).get(session)
    assert ShopGoods.objects.get(pk=goods.pk).clicks == 4
