"""Four eyes for balance adjustments (attack 10, product.md 2.9): one operator requests, another approves; only then
is it posted, shown in the funds records with its reason, and told to the merchant with both operators recorded."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from apps.accounts.models import OperatorAction
from apps.core.errors import AppError
from apps.support.models import Notice
from apps.wallet import services
from apps.wallet.constants import AdjustmentStatus
from apps.wallet.models import Adjustment, JournalEntry
from apps.wallet.selectors import wallet_summary
from tests.factories import fund, staff_operator
from tests.helpers import admin_as

# The role that corrects balances may request adjustments; the role that approves them holds approve_adjustment.
REQUESTER = ("wallet.view_adjustment", "wallet.add_adjustment", "wallet.approve_adjustment")
APPROVER = ("wallet.view_adjustment", "wallet.approve_adjustment")


@pytest.fixture
def requester():
    return staff_operator("alice", *REQUESTER)


@pytest.fixture
def approver():
    return staff_operator("bob", *APPROVER)


def _request(client, merchant, amount, reason):
    response = client.post(
        reverse("admin:wallet_adjustment_add"), {"merchant": merchant.pk, "amount": amount, "reason": reason}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return Adjustment.objects.order_by("-id").first()


def test_an_adjustment_is_posted_only_when_a_second_operator_approves_it(
    client, merchant, merchant_api, requester, approver
):
    fund(merchant, "10")
    admin_as(client, requester)
    adjustment = _request(client, merchant, "-4", "Duplicate credit of deposit D1")
    assert adjustment.status == AdjustmentStatus.PENDING
    assert wallet_summary(merchant=merchant)["balance"] == "10.00"
    assert not OperatorAction.objects.exists()

    # The requester cannot approve it, though the role may approve others' requests: refused, nothing posted.
    approve = reverse("admin:wallet_adjustment_approve", args=[adjustment.pk])
    refused = client.post(approve, follow=True).content.decode()
    assert "A balance adjustment is approved by another operator than the one who requested it." in refused
    adjustment.refresh_from_db()
    assert adjustment.status == AdjustmentStatus.PENDING
    assert wallet_summary(merchant=merchant)["balance"] == "10.00"
    assert not JournalEntry.objects.filter(reference=f"adjustment:{adjustment.pk}").exists()

    # An operator without the permission is not offered the decision and is refused it.
    clerk = staff_operator("clerk", "wallet.view_adjustment", "wallet.add_adjustment", "wallet.change_adjustment")
    admin_as(client, clerk)
    page = client.get(reverse("admin:wallet_adjustment_change", args=[adjustment.pk])).content.decode()
    assert approve not in page
    assert client.post(approve).status_code == 403

    # The second operator approves it: posted once, the merchant told with the reason, both operators recorded.
    admin_as(client, approver)
    page = client.get(reverse("admin:wallet_adjustment_change", args=[adjustment.pk])).content.decode()
    assert approve in page
    assert "Duplicate credit of deposit D1" in client.get(approve).content.decode()
    assert client.post(approve).status_code == 302
    adjustment.refresh_from_db()
    assert (adjustment.status, adjustment.operator, adjustment.decided_by) == (
        AdjustmentStatus.APPROVED,
        requester,
        approver,
    )
    assert wallet_summary(merchant=merchant)["balance"] == "6.00"
    action = OperatorAction.objects.get(merchant=merchant)
    assert (action.kind, action.operator, action.approver, action.reason) == (
        "balance_adjustment",
        requester,
        approver,
        "Duplicate credit of deposit D1",
    )
    notice = Notice.objects.filter(merchant=merchant).first()
    assert (notice.rendered_title(), notice.rendered_body()) == (
        "Balance adjustment: -$4.00",
        "Reason: Duplicate credit of deposit D1",
    )
    # The funds records show it with its reason.
    [line] = merchant_api.get("/merchant/merchant/bill").json()["data"]["list"][:1]
    assert (line["title"], line["amount"], line["memo"]) == (
        "Balance adjustment",
        "-4.00",
        "Duplicate credit of deposit D1",
    )
    # Decided once.
    assert "is not possible while the status is" in client.post(approve, follow=True).content.decode()
    assert JournalEntry.objects.filter(reference=f"adjustment:{adjustment.pk}").count() == 1


def test_a_second_operator_may_turn_a_request_down_with_a_reason(client, merchant, requester, approver):
    fund(merchant, "10")
    adjustment = _request(admin_as(client, requester), merchant, "25", "Goodwill")
    admin_as(client, approver)
    reject = reverse("admin:wallet_adjustment_reject", args=[adjustment.pk])
    assert client.post(reject, {"reason": ""}).status_code == 200  # a reason is needed
    assert client.post(reject, {"reason": "No ticket for this"}).status_code == 302
    adjustment.refresh_from_db()
    assert (adjustment.status, adjustment.decided_by, adjustment.decision_note) == (
        AdjustmentStatus.REJECTED,
        approver,
        "No ticket for this",
    )
    assert wallet_summary(merchant=merchant)["balance"] == "10.00"
    assert not JournalEntry.objects.filter(reference=f"adjustment:{adjustment.pk}").exists()
    approve = reverse("admin:wallet_adjustment_approve", args=[adjustment.pk])
    assert client.post(approve).status_code == 302
    assert Adjustment.objects.get(pk=adjustment.pk).status == AdjustmentStatus.REJECTED


def test_the_requests_are_a_queue_awaiting_approval_first(client, merchant, requester, approver):
    fund(merchant, "10")
    admin_as(client, requester)
    first = _request(client, merchant, "1", "First")
    services.adjustment_approve(adjustment_id=first.pk, approver=approver)
    waiting = _request(client, merchant, "2", "Second")
    page = client.get(reverse("admin:wallet_adjustment_changelist")).content.decode()
    assert page.index("Second") < page.index("First")
    queue = client.get(reverse("admin:wallet_adjustment_changelist"), {"status__exact": 0}).content.decode()
    assert "Second" in queue and "First" not in queue
    assert waiting.status == AdjustmentStatus.PENDING


def test_the_services_keep_four_eyes_and_the_bounds(merchant, operator, approver):
    fund(merchant, "10")
    for amount, reason in ((Decimal("0"), "x"), (Decimal("5"), " "), (Decimal("1000000.01"), "x")):
        with pytest.raises(AppError):
            services.adjustment_request(merchant=merchant, amount=amount, reason=reason, operator=operator)
    request = services.adjustment_request(merchant=merchant, amount=Decimal("-20"), reason="Typo", operator=approver)
    with pytest.raises(AppError, match="another operator"):
        services.adjustment_approve(adjustment_id=request.pk, approver=approver)
    nobody = staff_operator("nobody", "wallet.view_adjustment")
    with pytest.raises(AppError, match="Only an operator who may approve"):
        services.adjustment_approve(adjustment_id=request.pk, approver=nobody)
    # More than the balance when approved: refused, still awaiting a decision.
    with pytest.raises(AppError, match="Cannot exceed balance"):
        services.adjustment_approve(adjustment_id=request.pk, approver=operator)
    request.refresh_from_db()
    assert request.status == AdjustmentStatus.PENDING
    assert not OperatorAction.objects.exists()
    # The database too refuses a decision by the operator who asked.
    with pytest.raises(IntegrityError), transaction.atomic():
        Adjustment.objects.filter(pk=request.pk).update(status=AdjustmentStatus.APPROVED, decided_by=approver)
