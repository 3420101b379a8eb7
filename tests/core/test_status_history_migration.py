"""Moving the audit history onto core's StatusChange keeps every recorded row: what, from, to, who, why, when."""

from datetime import UTC, datetime
from decimal import Decimal

BEFORE = [
    ("core", "0002_idempotencyrecord"),
    ("accounts", "0003_merchantstatuschange_onetimecode_thirdpartyidentity"),
    ("wallet", "0002_append_only_triggers"),
]
AFTER = [
    ("core", "0003_statuschange_idempotency_result"),
    ("accounts", "0004_status_history_to_core"),
    ("wallet", "0003_status_history_to_core"),
]
WHEN = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def test_merchant_deposit_and_withdrawal_history_survive_the_migration(migrate_to):
    old = migrate_to(BEFORE)
    operator = old.get_model("auth", "User").objects.create(username="op")
    merchant = old.get_model("accounts", "Merchant").objects.create(
        phone="+100", real_name="M", country="US", invite_code="X1", status="active"
    )
    old.get_model("accounts", "MerchantStatusChange").objects.create(
        merchant=merchant, from_status="pending", to_status="active", operator=operator, reason="ok"
    )
    old.get_model("accounts", "MerchantStatusChange").objects.filter(merchant=merchant).update(created_at=WHEN)
    deposit = old.get_model("wallet", "Deposit").objects.create(
        merchant=merchant, method="bank", amount=Decimal("5"), number="D1", status=2
    )
    withdrawal = old.get_model("wallet", "Withdrawal").objects.create(
        merchant=merchant,
        number="W1",
        method="bank",
        currency="USD",
        full_name="M",
        account="40001234",
        amount=Decimal("5"),
        fee=Decimal("0"),
        actual_amount=Decimal("5"),
        status=2,
    )
    changes = old.get_model("wallet", "StatusChange").objects
    changes.create(deposit=deposit, from_status=0, to_status=2, operator=operator, note="blurry voucher")
    changes.create(withdrawal=withdrawal, from_status=0, to_status=2, operator=None, note="wrong bank")

    new = migrate_to(AFTER)
    content_type = new.get_model("contenttypes", "ContentType").objects.get_by_natural_key
    rows = {
        (r.content_type_id, r.object_id): (r.from_status, r.to_status, r.actor_id, r.note)
        for r in new.get_model("core", "StatusChange").objects.all()
    }
    assert rows == {
        (content_type("accounts", "merchant").pk, merchant.pk): ("pending", "active", operator.pk, "ok"),
        (content_type("wallet", "deposit").pk, deposit.pk): ("0", "2", operator.pk, "blurry voucher"),
        (content_type("wallet", "withdrawal").pk, withdrawal.pk): ("0", "2", None, "wrong bank"),
    }
    moved = new.get_model("core", "StatusChange").objects.get(object_id=merchant.pk, to_status="active")
    assert moved.created_at == WHEN
