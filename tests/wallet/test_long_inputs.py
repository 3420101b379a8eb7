"""An operator's text longer than its column holds is refused with a clear message naming the limit, never cut
short, and the decision is not made."""

from decimal import Decimal

import pytest
from django.utils import translation

from apps.core.errors import AppError
from apps.wallet import services
from apps.wallet.constants import AdjustmentStatus, WithdrawalStatus
from tests.factories import DEFAULT_PAY_PASSWORD, fund, staff_operator


def refusal(call, **kwargs) -> dict:
    with translation.override("en"), pytest.raises(AppError) as refused:
        call(**kwargs)
    return refused.value.data


@pytest.mark.django_db
def test_a_payout_reference_too_long_is_refused(merchant, fee_rule, operator):
    fund(merchant, "100")
    withdrawal = services.withdrawal_create(
        merchant=merchant,
        pay_password=DEFAULT_PAY_PASSWORD,
        method="bank",
        amount=Decimal("60"),
        full_name="Ann Lee",
        bank_name="Bank",
        account="40001234",
    )
    data = refusal(services.withdrawal_pay, withdrawal_id=withdrawal.pk, operator=operator, reference="0x" + "a" * 127)
    assert data == {"errors": {"reference": ["This is too long: at most 128 characters."]}}
    withdrawal.refresh_from_db()
    assert (withdrawal.status, withdrawal.payout_reference) == (WithdrawalStatus.PENDING, "")


@pytest.mark.django_db
def test_an_adjustment_s_rejection_reason_too_long_is_refused(merchant, operator):
    approver = staff_operator("bob", "wallet.view_adjustment", "wallet.approve_adjustment")
    adjustment = services.adjustment_request(
        merchant=merchant, amount=Decimal("5"), reason="Goodwill", operator=operator
    )
    data = refusal(services.adjustment_reject, adjustment_id=adjustment.pk, approver=approver, reason="r" * 256)
    assert data == {"errors": {"reason": ["This is too long: at most 255 characters."]}}
    adjustment.refresh_from_db()
    assert adjustment.status == AdjustmentStatus.PENDING
