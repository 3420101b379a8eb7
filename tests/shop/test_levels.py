from decimal import Decimal

import pytest

from tests.factories import LevelFactory

pytestmark = pytest.mark.django_db

LEVELS = "/merchant/index/level"


def make_levels(count: int):
    return [
        LevelFactory(
            rank=rank,
            name_en=f"Level {rank}",
            name_ru=f"Уровень {rank}",
            name_ja=f"レベル{rank}",
            profit_margin=Decimal("0.05") * rank,
            product_quantity=20 * rank,
            upgrade_price=Decimal(100 * (rank - 1)),
        )
        for rank in range(1, count + 1)
    ]


def test_lists_levels_marks_the_current_and_shows_upgrade_costs(merchant_api, merchant):
    levels = make_levels(4)
    merchant.level = levels[1]
    merchant.save(update_fields=["level"])

    data = merchant_api.get(LEVELS).json()["data"]

    assert data["current_level_id"] == levels[1].id
    assert data["total"] == 4
    first, current, third = data["list"][0], data["list"][1], data["list"][2]
    assert first == {
        "id": levels[0].id,
        "rank": 1,
        "name": "Level 1",
        "image": None,
        "profit_margin": "0.0500",
        "product_quantity": 20,
        "upgrade_price": "0.00",
        "upgrade_cost": None,
        "is_current": False,
        "upcoming": None,
    }
    assert (current["is_current"], current["upgrade_cost"]) == (True, None)
    assert third["upgrade_cost"] == "100.00"  # 200 - 100 already paid
    assert data["list"][3]["upgrade_cost"] == "200.00"


def test_a_merchant_without_level_is_on_level_one(merchant_api):
    levels = make_levels(2)
    data = merchant_api.get(LEVELS).json()["data"]
    assert data["current_level_id"] == levels[0].id
    assert data["list"][1]["upgrade_cost"] == "100.00"


def test_names_are_translated_with_russian_fallback(merchant_api):
    make_levels(1)
    merchant_api.lang = "ri"
    assert merchant_api.get(LEVELS).json()["data"]["list"][0]["name"] == "レベル1"
    merchant_api.lang = "tai"
    assert merchant_api.get(LEVELS).json()["data"]["list"][0]["name"] == "Уровень 1"


def test_bad_page_is_refused(merchant_api):
    body = merchant_api.get(LEVELS, {"limit": 0}).json()
    assert (body["code"], body["msg"]) == (0, "Limit must be 1 or more.")


@pytest.mark.parametrize("rows", [2, 12])
def test_query_count_does_not_grow_with_rows(merchant_api, merchant, rows, django_assert_num_queries):
    levels = make_levels(rows)
    merchant.level = levels[0]
    merchant.save(update_fields=["level"])
    merchant_api.get(LEVELS)  # the first request after a level is saved reads it again (levels.authentication)
    with django_assert_num_queries(3):  # token (with level), the levels in force (with images), the announced ones
        assert len(merchant_api.get(LEVELS).json()["data"]["list"]) == rows
