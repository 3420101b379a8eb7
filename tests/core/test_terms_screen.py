"""The merchant's Terms screen (GET merchant/terms): every kind of published terms (apps.core.terms.TERMS_MODELS) with
the versions in force, the ones announced and not in force yet (with the date they apply from) and the history, in
the merchant's language, in a constant number of queries per kind."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from apps.alliance.models import ReferralRate
from apps.core.terms import TERMS_MODELS
from apps.orders.models import OrderTerms
from tests.factories import LevelFactory

pytestmark = pytest.mark.django_db

TERMS = "/merchant/merchant/terms"
NAMES = {"name_en": "Silver", "name_ru": "Серебряный"}  # Russian


def _kind(data: dict, kind: str) -> dict:
    return next(item for item in data["kinds"] if item["kind"] == kind)


def _versions(count: int) -> None:
    """`count` versions of level 2 (the newest in force, one announced for next week) and of the referral rate."""
    now = timezone.now()
    for n in range(count):
        start = now - timedelta(days=count - n)
        LevelFactory(rank=2, effective_from=start, profit_margin=Decimal("0.10") + Decimal(n) / 100, **NAMES)
        ReferralRate.objects.create(percent=Decimal(n), effective_from=start, change_note=f"Rate {n}")
    LevelFactory(rank=2, effective_from=now + timedelta(days=8), profit_margin=Decimal("0.0100"), **NAMES)


def test_the_terms_in_force_upcoming_and_replaced(merchant_api):
    LevelFactory(rank=1, profit_margin=Decimal("0.1000"), upgrade_price=Decimal("0"))
    _versions(3)

    data = merchant_api.get(TERMS).json()["data"]

    assert data["notice_days"] == 7
    levels = _kind(data, "shop.level")
    assert levels["title"] == "Levels"
    assert [[v["value"] for v in version["values"]] for version in levels["in_force"]] == [
        ["Level 1", "10 %", "20", "0.00 USD"],
        ["Silver", "12 %", "20", "0.00 USD"],
    ]
    assert [v["name"] for v in levels["in_force"][0]["values"]] == [
        "Name",
        "Profit margin",
        "Product quantity",
        "Upgrade price",
    ]
    # The change to come, with the date it applies from.
    (upcoming,) = levels["upcoming"]
    assert upcoming["values"][1]["value"] == "1 %"
    assert upcoming["effective_from"] > upcoming["announced_at"]
    # The history: the replaced versions, newest first.
    assert [version["values"][1]["value"] for version in levels["past"]] == ["11 %", "10 %"]
    assert levels["past_total"] == 2

    rate = _kind(data, "alliance.referralrate")
    assert (rate["title"], rate["in_force"][0]["values"]) == (
        "Referral rates",
        [{"name": "Rate (%)", "value": "2.00"}],
    )
    assert [version["change_note"] for version in rate["past"]] == ["Rate 1", "Rate 0"]


def test_the_order_windows_are_listed_and_everything_is_translated(merchant_api):
    if not OrderTerms.objects.exists():  # the migration's first version (a flush before this test removes it)
        OrderTerms.objects.create(pickup_window_hours=48, ship_window_hours=72, receive_days_after_shipment=10,
                                  receive_days_after_delivery=3, settlement_delay_days=7)  # fmt: skip
    _versions(1)
    merchant_api.lang = "ru-RU"
    data = merchant_api.get(TERMS).json()["data"]
    windows = _kind(data, "orders.orderterms")
    assert windows["title"] == "Сроки заказов и расчёта"
    assert [value["name"] for value in windows["in_force"][0]["values"]] == [
        "Срок выкупа заказа (часы)",
        "Срок отправки заказа (часы)",
        "Получен после отправки (дни)",
        "Получен после доставки (дни)",
        "Срок до расчёта (дни)",
    ]
    levels = _kind(data, "shop.level")
    assert (levels["title"], levels["in_force"][0]["values"][0]) == (
        "Уровни",
        {"name": "Имя", "value": "Серебряный"},  # Russian
    )


def test_kinds_without_any_version_are_left_out(merchant_api):
    kinds = {item["kind"] for item in merchant_api.get(TERMS).json()["data"]["kinds"]}
    assert "shop.level" not in kinds and "alliance.referralrate" not in kinds


def test_the_history_is_bounded(merchant_api, settings):
    settings.TERMS_HISTORY_SHOWN = 3
    _versions(6)
    levels = _kind(merchant_api.get(TERMS).json()["data"], "shop.level")
    assert (len(levels["in_force"]), len(levels["past"]), levels["past_total"]) == (1, 3, 5)


@pytest.mark.parametrize("count", [2, 12])
def test_queries_do_not_grow_with_versions(merchant_api, settings, count, django_assert_num_queries):
    settings.TERMS_HISTORY_SHOWN = 5
    _versions(count)
    # The session, then per kind: in force, upcoming, history; and the history's count where it is longer than what
    # is shown (levels and the referral rate at 12 versions).
    longer = 2 if count - 1 > settings.TERMS_HISTORY_SHOWN else 0
    with django_assert_num_queries(1 + 3 * len(TERMS_MODELS) + longer):
        assert merchant_api.get(TERMS).json()["code"] == 1


def test_signed_out_is_refused(api):
    response = api.get(TERMS)
    assert response.status_code == 401 and response.json()["code"] == 401
