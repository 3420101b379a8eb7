"""Level terms are versions (issue 32, attack 4: "a level's margin was lowered from 15 % to 1 % after merchants paid
for it, with no notice"). Done as an operator would, in the admin over HTTP, by a staff user who may add, change and
view levels: editing a level in place is refused; a new version is bounded, announced to every merchant and in force
no earlier than the notice period later; a merchant who bought the 15 % version keeps 15 % on its orders after the
new version is in force; a merchant who upgrades afterwards buys the new version."""

from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from apps.accounts.models import Merchant
from apps.core.models import AppendOnlyError
from apps.core.terms import terms_version_add
from apps.shop.models import Level
from apps.support.constants import BroadcastAudience
from apps.support.models import Broadcast
from tests.factories import DEFAULT_PAY_PASSWORD, LevelFactory, MerchantFactory, fund, place_order, staff_operator

pytestmark = pytest.mark.django_db

LEVELS = "/merchant/index/level"
UPGRADE = "/merchant/index/level_upgrade"
NAMES = {f"name_{code}": "Silver" for code in ("en", "zh_hans", "zh_hant", "ru", "ko", "ja", "th")}


@pytest.fixture
def levels(db):
    return {
        1: LevelFactory(rank=1, profit_margin=Decimal("0.1000"), upgrade_price=Decimal("0")),
        2: LevelFactory(rank=2, profit_margin=Decimal("0.1500"), upgrade_price=Decimal("100"), **NAMES),
    }


@pytest.fixture
def level_operator(client):
    """A staff operator who manages levels: may add, change and view them (change is what an in-place edit needs)."""
    actions = ("add", "change", "view", "delete")
    client.force_login(staff_operator("levels", *(f"shop.{action}_level" for action in actions)))
    return client


def _form(level: Level, **changes) -> dict:
    start = changes.pop("effective_from", timezone.now())
    data = {
        "rank": level.rank,
        **{name: getattr(level, name) for name in NAMES},
        "image": "",
        "profit_margin": str(level.profit_margin),
        "product_quantity": level.product_quantity,
        "upgrade_price": str(level.upgrade_price),
        "effective_from_0": start.strftime("%Y-%m-%d"),
        "effective_from_1": start.strftime("%H:%M:%S"),
        "change_note": "",
    }
    data.update(changes)
    return data


def _upgrade(api, level_id: int) -> dict:
    return api.post(UPGRADE, {"level_id": level_id, "pay_password": DEFAULT_PAY_PASSWORD}).json()


def _cost_of_a_20_product(merchant) -> Decimal:
    """The cost C the merchant pays at pickup for a product retailing at 20.00, frozen on a new order."""
    return place_order(merchant, retail="20.00").total_cost


def test_a_level_margin_lowered_after_merchants_paid_is_a_new_version_they_do_not_get(
    levels, level_operator, api, django_capture_on_commit_callbacks
):
    silver = levels[2]
    buyer_before = MerchantFactory(level=levels[1])
    fund(buyer_before, "100")
    assert _upgrade(api.login_as(buyer_before), silver.pk)["code"] == 1  # paid 100.00 for Silver at 15 %
    buyer_before.refresh_from_db()
    assert buyer_before.level == silver
    assert _cost_of_a_20_product(buyer_before) == Decimal("17.00")  # 20.00 x (1 - 15 %)

    # The attack: the margin edited in place. No change page saves a level, whatever the operator's permissions.
    change = reverse("admin:shop_level_change", args=[silver.pk])
    assert level_operator.post(change, _form(silver, profit_margin="0.0100")).status_code == 403
    delete = reverse("admin:shop_level_delete", args=[silver.pk])
    assert level_operator.post(delete, {"post": "yes"}).status_code == 403
    silver.refresh_from_db()
    assert silver.profit_margin == Decimal("0.1500")
    # Nor any save in code (and on PostgreSQL the database refuses the UPDATE itself).
    silver.profit_margin = Decimal("0.0100")
    with pytest.raises(AppendOnlyError):
        silver.save()
    if connection.vendor == "postgresql":
        from django.db import DatabaseError, transaction

        with pytest.raises(DatabaseError), transaction.atomic():
            Level.objects.filter(pk=silver.pk).update(profit_margin=Decimal("0.0100"))
    silver.refresh_from_db()

    # A new version: the add page starts from the version it copies and from the earliest start allowed.
    add = reverse("admin:shop_level_add")
    page = level_operator.get(add, {"copy": silver.pk})
    initial = page.context_data["adminform"].form.initial
    assert (initial["rank"], initial["profit_margin"], initial["name_en"]) == (2, Decimal("0.1500"), "Silver")
    assert initial["effective_from"] >= timezone.now() + timedelta(days=settings.TERMS_NOTICE_DAYS - 1)
    # Out of the settings' bounds, or sooner than the notice period: refused, nothing added, nobody told.
    for data, field in [
        (_form(silver, profit_margin="0.0050", effective_from=timezone.now() + timedelta(days=8)), "profit_margin"),
        (_form(silver, upgrade_price="100000.01", effective_from=timezone.now() + timedelta(days=8)), "upgrade_price"),
        (_form(silver, profit_margin="0.0100"), "effective_from"),
        (_form(silver, profit_margin="0.0100", effective_from=timezone.now() + timedelta(days=6)), "effective_from"),
    ]:
        refused = level_operator.post(add, data)
        assert refused.status_code == 200 and field in refused.context_data["adminform"].form.errors, field
    assert Level.objects.filter(rank=2).count() == 1 and not Broadcast.objects.exists()

    start = timezone.now() + timedelta(days=settings.TERMS_NOTICE_DAYS, hours=1)
    with django_capture_on_commit_callbacks(execute=True):
        data = _form(silver, profit_margin="0.0100", effective_from=start, change_note="Silver margin 1 %")
        assert level_operator.post(add, data).status_code == 302
    new = Level.objects.get(rank=2, profit_margin=Decimal("0.0100"))
    assert new.change_note == "Silver margin 1 %" and new.announced_by.username == "levels"
    # Announced at once to every merchant, in their language, with the date it applies from.
    broadcast = Broadcast.objects.get()
    assert broadcast.audience == BroadcastAudience.ALL
    assert broadcast.title_en == f"New level terms from {new.effective_from:%Y-%m-%d %H:%M} UTC"
    assert broadcast.title_ru != broadcast.title_en  # in each merchant's language
    assert set(broadcast.notices.values_list("merchant_id", flat=True)) == set(
        Merchant.objects.values_list("pk", flat=True)
    )

    # Until it applies, Silver is still sold at 15 %, and the level screen shows what is coming.
    newcomer = MerchantFactory(level=levels[1])
    shown = api.login_as(newcomer).get(LEVELS).json()["data"]["list"][1]
    assert (shown["id"], shown["profit_margin"]) == (silver.pk, "0.1500")
    upcoming = shown["upcoming"]
    assert upcoming.pop("effective_from").startswith(new.effective_from.strftime("%Y-%m-%dT%H:%M:%S"))
    assert upcoming == {
        "profit_margin": "0.0100",
        "product_quantity": silver.product_quantity,
        "upgrade_price": "100.00",
    }

    with time_machine.travel(start + timedelta(minutes=1)):
        # The merchant who paid for Silver at 15 % keeps 15 %: on its next orders and on its level screen.
        assert _cost_of_a_20_product(buyer_before) == Decimal("17.00")
        mine = api.login_as(buyer_before).get(LEVELS).json()["data"]
        assert mine["current_level_id"] == silver.pk
        assert [(level["rank"], level["profit_margin"], level["is_current"]) for level in mine["list"]] == [
            (1, "0.1000", False),
            (2, "0.1500", True),
        ]
        # Someone upgrading now buys the version in force: 1 %; the replaced one cannot be bought any more.
        fund(newcomer, "100")
        api.login_as(newcomer)
        listed = api.get(LEVELS).json()["data"]["list"][1]
        assert (listed["id"], listed["profit_margin"], listed["upcoming"]) == (new.pk, "0.0100", None)
        refused = _upgrade(api, silver.pk)
        assert refused["code"] == 0 and "terms of this level have changed" in refused["msg"]
        assert _upgrade(api, new.pk)["code"] == 1
        newcomer.refresh_from_db()
        assert newcomer.level == new
        assert _cost_of_a_20_product(newcomer) == Decimal("19.80")  # 20.00 x (1 - 1 %)
        assert _cost_of_a_20_product(buyer_before) == Decimal("17.00")


def test_a_version_announced_in_code_is_bounded_and_noticed(levels, operator):
    silver = levels[2]
    soon = Level(rank=2, name_ru="Silver", profit_margin=Decimal("0.0100"), product_quantity=10, upgrade_price=100)
    with pytest.raises(ValidationError) as refused:
        terms_version_add(version=soon, operator=operator)
    assert "effective_from" in refused.value.message_dict
    for field, changes in [
        ("profit_margin", {"profit_margin": Decimal("0.9000")}),
        ("product_quantity", {"product_quantity": 0}),
        ("upgrade_price", {"rank": 1, "upgrade_price": Decimal("5")}),  # level 1 is free
    ]:
        values = {"rank": 2, "name_ru": "Silver", "profit_margin": Decimal("0.2"), "product_quantity": 10,
                  "upgrade_price": Decimal(100), **changes}  # fmt: skip
        later = timezone.now() + timedelta(days=settings.TERMS_NOTICE_DAYS + 1)
        with pytest.raises(ValidationError) as refused:
            terms_version_add(version=Level(effective_from=later, **values), operator=operator)
        assert field in refused.value.message_dict, field
    # Two versions of a rank cannot start at the same moment.
    twin = Level(rank=2, name_ru="Silver", profit_margin=Decimal("0.2"), product_quantity=10, upgrade_price=100)
    twin.effective_from = silver.effective_from
    with pytest.raises(ValidationError):
        terms_version_add(version=twin, operator=operator)


def test_a_broadcast_to_a_level_reaches_its_merchants_on_every_version(levels, admin_client):
    silver = levels[2]
    later = LevelFactory(rank=2, effective_from=timezone.now() - timedelta(days=1), profit_margin=Decimal("0.0100"))
    on_old, on_new = MerchantFactory(level=silver), MerchantFactory(level=later)
    MerchantFactory(level=levels[1])
    from apps.support.selectors import broadcast_recipients

    broadcast = Broadcast(audience=BroadcastAudience.LEVEL, level=later)
    assert set(broadcast_recipients(broadcast=broadcast)) == {on_old, on_new}
    # The admin offers each level once: its version in force.
    page = admin_client.get(reverse("admin:support_broadcast_add"))
    assert list(page.context_data["adminform"].form.fields["level"].queryset) == [levels[1], later]


def test_a_new_merchant_starts_on_the_lowest_level_in_force(levels):
    from apps.shop.services import shop_open

    replaced = levels[1]
    current = LevelFactory(rank=1, effective_from=timezone.now() - timedelta(hours=1), profit_margin=Decimal("0.05"))
    LevelFactory(rank=1, effective_from=timezone.now() + timedelta(days=8), profit_margin=Decimal("0.02"))
    merchant = MerchantFactory(shop=None)
    shop_open(merchant=merchant, shop_name="New", shop_address="Street", logo=None)
    merchant.refresh_from_db()
    assert merchant.level == current != replaced
