import io
from datetime import UTC, datetime

import pytest
import time_machine
from django.core.management import call_command

from apps.catalog.models import Category, Product, ProductImage
from apps.shop.models import Level

pytestmark = pytest.mark.django_db


def test_seed_demo_builds_a_translated_catalogue_once():
    call_command("seed_demo", stdout=io.StringIO())
    call_command("seed_demo", stdout=io.StringIO())  # idempotent

    assert Category.objects.count() >= 8
    assert Product.objects.count() >= 80
    assert ProductImage.objects.count() == Product.objects.count()
    assert Product.objects.filter(is_hot=True).exists()
    languages = ("en", "zh_hans", "zh_hant", "ru", "ko", "ja", "th")
    for product in Product.objects.all():
        titles = [getattr(product, f"title_{lang}") for lang in languages]
        descriptions = [getattr(product, f"description_{lang}") for lang in languages]
        assert all(titles) and all(descriptions)
        assert len(set(titles)) >= 5  # really translated, not copied
    image = ProductImage.objects.first()
    assert (image.thumbnail.width, image.thumbnail.height) == (360, 360)

    levels = list(Level.objects.order_by("rank"))
    assert [level.rank for level in levels] == [1, 2, 3, 4]
    assert levels[0].upgrade_price == 0
    margins = [level.profit_margin for level in levels]
    quantities = [level.product_quantity for level in levels]
    assert margins == sorted(margins) and len(set(margins)) == 4
    assert quantities == sorted(quantities) and len(set(quantities)) == 4
    assert all(getattr(levels[3], f"name_{lang}") for lang in languages)


# Half past midnight in the demo shop's zone (the platform's, UTC): today's visits still fall on today.
@time_machine.travel(datetime(2026, 11, 26, 0, 30, tzinfo=UTC))
def test_seed_demo_places_the_demo_orders_through_the_storefront_intake_once():
    from datetime import timedelta

    from django.utils import timezone

    from apps.accounts.models import Merchant
    from apps.orders.constants import OrderStatus, RefundStatus
    from apps.orders.models import IntakeSignature, Order, Refund, TrackingEvent

    call_command("seed_demo", stdout=io.StringIO())
    merchant = Merchant.objects.get(email="demo@example.com")
    orders = Order.objects.filter(merchant=merchant)
    count = orders.count()
    assert {order.status for order in orders} == set(OrderStatus.values)  # every status
    # Placed through the signed endpoint: one spent signature per storefront call still in the window at most, and
    # every order has the storefront's reference.
    assert IntakeSignature.objects.exists()
    assert all(order.external_ref.startswith("DEMO-") for order in orders)
    # Sent by the demo's external storefront, with its own key serving the demo shop (no shared secret).
    assert set(orders.values_list("source", "storefront_key__name")) == {("external", "Demo storefront")}
    now = timezone.now()
    assert min(order.created_at for order in orders) < now - timedelta(days=25)  # spread over the month
    awaiting = orders.filter(status=OrderStatus.AWAITING_PICKUP)
    assert 4 <= awaiting.count() <= 6
    assert all(order.pickup_deadline > now for order in awaiting)
    assert TrackingEvent.objects.filter(order__status=OrderStatus.SHIPPED).count() >= 2
    assert Refund.objects.filter(merchant=merchant, status=RefundStatus.PENDING).exists()
    assert Refund.objects.filter(merchant=merchant, status=RefundStatus.REJECTED).exists()
    from apps.wallet.selectors import available_balance

    assert available_balance(merchant=merchant) >= sum(order.total_cost for order in awaiting)
    call_command("check_ledger", verbosity=0)
    # The buyers also reviewed, visited and followed through the intake: Home has figures to show, and they agree
    # with the events.
    from apps.orders.reports import home_figures

    home = home_figures(merchant=merchant)
    assert home["rating"] is not None and home["followers"] > 0
    assert 0 < home["visitors_today"] <= home["visitors_seven"] < home["visitors_thirty"]
    assert home["total_sales"] > 0 and home["awaiting_pickup"] == awaiting.count()
    call_command("check_figures", verbosity=0)

    call_command("seed_demo", stdout=io.StringIO())  # idempotent: no second set of orders
    assert Order.objects.filter(merchant=merchant).count() == count
    call_command("check_ledger", verbosity=0)
