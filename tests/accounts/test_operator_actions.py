"""The account history (issue 32): GET merchant/operator_actions lists what operators did to the signed-in merchant,
newest first, paged like every list: when, what in the reader's language, the reason, and whether a second operator
approved it. Only the merchant's own; a constant number of queries however many there are."""

from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django.utils.translation import gettext_noop

from apps.accounts.services import operator_action_record

pytestmark = pytest.mark.django_db

HISTORY = "/merchant/merchant/operator_actions"
# A title the catalogues translate (the wallet's listing removal), with its placeholder.
REMOVED = gettext_noop("“%(title)s” was removed from your shop")


def _record(merchant, operator, *, title=REMOVED, reason="Counterfeit", approver=None, **params):
    return operator_action_record(
        merchant=merchant,
        operator=operator,
        kind="listing_removed",
        title=title,
        reason=reason,
        params=params or {"title": "Lamp"},
        approver=approver,
    )


def _data(response):
    body = response.json()
    assert body["code"] == 1, body
    return body["data"]


def test_the_merchant_reads_its_own_history_newest_first_in_its_language(
    merchant_api, merchant, other_merchant, operator, django_user_model
):
    second = django_user_model.objects.create_user("second", "second@example.com", "Operator-pass-2026")
    with time_machine.travel(timezone.now() - timedelta(days=1)):  # the rows are append-only: made in the past
        older = _record(merchant, operator, reason="Counterfeit", title="Level changed")  # a title no catalogue knows
    newer = _record(merchant, operator, reason="Recall", approver=second)
    _record(other_merchant, operator, reason="Not yours")

    merchant_api.lang = "ru-RU"
    data = _data(merchant_api.get(HISTORY))
    assert (data["total"], data["page"], data["limit"]) == (2, 1, 20)
    assert [row["id"] for row in data["list"]] == [newer.pk, older.pk]
    first = data["list"][0]
    assert first == {
        "id": newer.pk,
        "created_at": first["created_at"],
        "kind": "listing_removed",
        "title": "Товар «Lamp» убран из вашего магазина",
        "reason": "Recall",
        "second_operator": True,
    }
    assert data["list"][1]["title"] == "Level changed" and data["list"][1]["second_operator"] is False

    merchant_api.lang = "han"
    assert _data(merchant_api.get(HISTORY))["list"][0]["title"] == "“Lamp” 상품이 상점에서 삭제되었습니다"


def test_the_history_is_paged_like_every_list(merchant_api, merchant, operator):
    for n in range(5):
        _record(merchant, operator, reason=f"Reason {n}")
    data = _data(merchant_api.get(HISTORY, {"page": 2, "limit": 2}))
    assert (data["total"], data["page"], data["limit"], len(data["list"])) == (5, 2, 2, 2)
    assert [row["reason"] for row in data["list"]] == ["Reason 2", "Reason 1"]
    refused = merchant_api.get(HISTORY, {"limit": 101}).json()
    assert refused["code"] == 0 and "limit" in refused["data"]["errors"]
    assert merchant_api.get(HISTORY, {"merchant_id": 1}).json()["data"]["error"] == 1011


def test_an_account_no_operator_touched_has_an_empty_history(merchant_api):
    assert _data(merchant_api.get(HISTORY)) == {"total": 0, "list": [], "page": 1, "limit": 20}


def test_signed_out_is_refused(api):
    assert api.get(HISTORY).status_code == 401


def test_the_history_answers_in_a_constant_number_of_queries(merchant_api, merchant, operator):
    def queries():
        with CaptureQueriesContext(connection) as captured:
            _data(merchant_api.get(HISTORY))
        return len(captured)

    _record(merchant, operator)
    few = queries()
    for n in range(15):
        _record(merchant, operator, reason=f"More {n}", approver=operator if n % 2 else None)
    assert queries() == few
