"""The referral rate's history becomes its versions (alliance 0002): each row keeps its percent, note and operator,
and is in force from the time it was set."""

from datetime import UTC, datetime
from decimal import Decimal

BEFORE = [("alliance", "0001_initial")]
AFTER = [("alliance", "0002_referral_rate_versions")]


def test_each_rate_set_becomes_a_version_in_force_since_it_was_set(migrate_to):
    old = migrate_to(BEFORE)
    operator = old.get_model("auth", "User").objects.create(username="rates")
    rates = old.get_model("alliance", "ReferralRate").objects
    launch, lower = datetime(2026, 1, 5, 9, 0, tzinfo=UTC), datetime(2026, 3, 1, 12, 30, tzinfo=UTC)
    rates.create(percent=Decimal("5.00"), note="Launch", operator=operator, created_at=launch)
    rates.create(percent=Decimal("3.25"), note="Lower", operator=None, created_at=lower)

    new = migrate_to(AFTER)
    rows = new.get_model("alliance", "ReferralRate").objects.order_by("effective_from")
    assert [(r.percent, r.change_note, r.announced_by_id, r.announced_at, r.effective_from) for r in rows] == [
        (Decimal("5.00"), "Launch", operator.pk, launch, launch),
        (Decimal("3.25"), "Lower", None, lower, lower),
    ]
