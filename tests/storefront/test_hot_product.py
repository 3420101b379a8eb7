"""A hot product on PostgreSQL: 64 buyers checking out the last 50 units of one product at the same instant, each in
a thread with its own connection, through the storefront's real path (the cart in the session, the checkout form
with its CSRF token and key, the development provider's payment). Exactly 50 orders get the goods, the stock ends at
0 and never below, the others are told in their language that the product is sold out (never a 500 nor a deadlock),
and the ledger balances."""

from decimal import Decimal

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext as _

from apps.catalog.models import Product
from apps.core.errors import AppError
from apps.core.i18n import DJANGO_TO_APP
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.orders.selectors import order_sold_out
from apps.storefront import services
from apps.storefront.constants import PaymentStatus
from apps.storefront.models import BuyerOrder, Payment
from apps.storefront.payments import Outcome
from apps.storefront.payments.dev import signed_event
from apps.wallet.constants import EntryKind
from apps.wallet.models import JournalEntry
from tests.concurrency import concurrently
from tests.factories import ProductFactory, ShopGoodsFactory

from .checkout import SHIPPING, add_to_cart, checkout_fields
from .test_races import place

pytestmark = pytest.mark.django_db(transaction=True)

BUYERS, UNITS = 64, 50
LANGS = ("en", "ja", "ru", "zh-hans")  # the buyers' languages, in turn


def _sold_out(goods, lang: str) -> str:
    with translation.override(lang):
        return _("%(title)s is sold out.") % {"title": goods.product.title}


@pytest.mark.postgres
def test_64_buyers_checking_out_the_last_50_units_at_once_place_50_orders(merchant, settings):
    """Unpaid orders may hold every unit here (ORDER_UNPAID_STOCK_PERCENT 100): checkout decides who gets them."""
    settings.ORDER_UNPAID_STOCK_PERCENT = 100
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(stock=UNITS, retail_price=Decimal("9.00")))
    browsers = [Client(enforce_csrf_checks=True, REMOTE_ADDR=f"10.0.0.{n + 1}") for n in range(BUYERS)]
    forms = []
    for browser in browsers:
        add_to_cart(browser, goods)
        forms.append(checkout_fields(browser, goods))
    url = f"{goods.merchant.shop.get_absolute_url()}checkout"

    def check_out(n: int):
        lang = LANGS[n % len(LANGS)]
        fields = {**forms[n], **SHIPPING, "email": f"buyer{n}@example.com"}
        return lang, browsers[n].post(f"{url}?lang={DJANGO_TO_APP[lang]}", fields)

    answers = concurrently(BUYERS, check_out)
    assert not [a for a in answers if isinstance(a, Exception)], answers
    placed = [answer for _lang, answer in answers if answer.status_code == 303]
    refused = [(lang, answer) for lang, answer in answers if answer.status_code != 303]
    assert len(placed) == UNITS and len(refused) == BUYERS - UNITS
    assert all("/pay/dev/" in answer["Location"] for answer in placed)
    for lang, answer in refused:
        assert answer.status_code == 409
        assert _sold_out(goods, lang) in answer.content.decode(), lang
    assert Product.objects.get(pk=goods.product_id).stock == 0
    assert Order.objects.filter(status=OrderStatus.AWAITING_PAYMENT, stock_reserved=True).count() == UNITS
    assert Order.objects.count() == UNITS


def _buy(goods, n: int):
    """Checkout, the payment started and the provider's "paid" event: what the buyer's order ends as."""
    buyer_order = place(goods, n)
    try:
        payment = services.payment_start(buyer_order=buyer_order, return_url="http://testserver/")
    except AppError as exc:
        return exc
    body, headers = signed_event(
        session_id=payment.session_id, outcome=Outcome.PAID, amount=payment.amount, currency=payment.currency
    )
    return services.webhook_receive(body=body, headers=headers)


@pytest.mark.postgres
def test_64_buyers_paying_for_the_last_50_units_at_once_buy_50(merchant):
    """With the default bounds half the units may be held by unpaid orders; the others go to whoever pays first. Of
    64 buyers checking out and paying at once, 50 buy; each of the others is told the goods are sold out before paying
    or, when another paid between its start and its payment, has that payment marked to be given back; never a
    database error."""
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(stock=UNITS, retail_price=Decimal("9.00")))
    results = concurrently(BUYERS, lambda n: _buy(goods, n))
    errors = [r for r in results if isinstance(r, Exception)]
    assert all(isinstance(e, AppError) and e.message == order_sold_out() for e in errors), errors
    paid = Order.objects.filter(status=OrderStatus.AWAITING_PICKUP)
    assert paid.count() == UNITS
    assert Product.objects.get(pk=goods.product_id).stock == 0
    given_back = Payment.objects.filter(status=PaymentStatus.TO_REFUND).count()
    assert len(errors) + given_back == BUYERS - UNITS
    assert Payment.objects.filter(status=PaymentStatus.PAID).count() == UNITS
    assert JournalEntry.objects.filter(kind=EntryKind.ORDER_PAID).count() == UNITS
    assert BuyerOrder.objects.count() == BUYERS  # every checkout placed its order (the unpaid ones hold nothing)
    call_command("check_ledger", verbosity=0)


def test_the_sold_out_answer_is_translated_in_every_language(merchant, settings):
    """One buyer too late, in each language: the cart page says the product is sold out, in that language."""
    settings.ORDER_UNPAID_STOCK_PERCENT = 100
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(stock=1, retail_price=Decimal("9.00")))
    place(goods, 0)
    for lang, _name in settings.LANGUAGES:
        browser = Client(REMOTE_ADDR="10.0.1.1")
        add_to_cart(browser, goods)
        fields = {**checkout_fields(browser, goods), **SHIPPING}
        answer = browser.post(f"{goods.merchant.shop.get_absolute_url()}checkout?lang={DJANGO_TO_APP[lang]}", fields)
        assert answer.status_code == 409
        assert _sold_out(goods, lang) in answer.content.decode(), lang
