"""The shop's rating is written once (apps.shop.figures.rating_round): the app, the storefront's shop page and a
product's reviews show the same number (issue 34: the storefront's 4.3 against the app's 4.25)."""

from decimal import Decimal

import pytest
from django.test import Client

from apps.shop.figures import rating_round
from apps.shop.models import ShopFigures


@pytest.mark.parametrize(
    "average, shown", [(4.25, "4.3"), (4.35, "4.4"), (Decimal("4.15"), "4.2"), (4, "4.0"), (17 / 3, "5.7")]
)
def test_an_average_is_written_to_one_decimal_halves_up(average, shown):
    assert str(rating_round(average)) == shown
    assert rating_round(None) is None


def test_the_app_and_the_storefront_show_the_same_rating(merchant, merchant_api):
    # 17 stars from 4 ratings: 4.25.
    ShopFigures.objects.update_or_create(merchant=merchant, defaults={"rating_sum": 17, "rating_count": 4})
    app = merchant_api.get("/merchant/index/index").json()["data"]["rating"]
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/s/{merchant.shop.slug}/?lang=en").content.decode()
    assert app == "4.3"
    assert "4.3 out of 5 (4 ratings)" in page and "4.25" not in page
