"""Promotion purchases racing on PostgreSQL (issue 12): the merchant row lock serialises them, so the balance never
goes below zero and a listing is never in two running promotions."""

from decimal import Decimal

import pytest
from django.core.management import call_command

from apps.catalog.models import Promotion, PromotionGoods
from apps.catalog.promotion.services import promotion_buy
from apps.core.errors import AppError, ErrorCode
from apps.wallet.constants import AccountKind
from apps.wallet.ledger import account_get
from apps.wallet.selectors import wallet_summary
from tests.concurrency import concurrently
from tests.factories import DEFAULT_PAY_PASSWORD, PromotionPackageFactory, ShopGoodsFactory, fund

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_purchases_at_once_with_the_balance_for_one_buy_one(merchant):
    package = PromotionPackageFactory(price=Decimal("30.00"), product_quantity=1)
    goods = [ShopGoodsFactory(merchant=merchant) for _ in range(2)]
    fund(merchant, "50")
    results = concurrently(
        2,
        lambda i: promotion_buy(
            merchant=merchant, package_id=package.pk, goods_ids=[goods[i].pk], pay_password=DEFAULT_PAY_PASSWORD
        ),
    )
    assert sum(isinstance(r, Promotion) for r in results) == 1, results
    assert [r.error_code for r in results if isinstance(r, AppError)] == [ErrorCode.INSUFFICIENT_FUNDS]
    assert Promotion.objects.count() == PromotionGoods.objects.count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "20.00"
    assert account_get(kind=AccountKind.REVENUE_PROMOTION).balance == Decimal("30.00")
    call_command("check_ledger", verbosity=0)


def test_the_same_goods_bought_twice_at_once_is_promoted_once(merchant):
    package = PromotionPackageFactory(price=Decimal("10.00"), product_quantity=1)
    listing = ShopGoodsFactory(merchant=merchant)
    fund(merchant, "100")
    results = concurrently(
        3,
        lambda i: promotion_buy(
            merchant=merchant, package_id=package.pk, goods_ids=[listing.pk], pay_password=DEFAULT_PAY_PASSWORD
        ),
    )
    assert sum(isinstance(r, Promotion) for r in results) == 1, results
    assert PromotionGoods.objects.filter(goods=listing).count() == 1
    assert wallet_summary(merchant=merchant)["balance"] == "90.00"
    call_command("check_ledger", verbosity=0)
