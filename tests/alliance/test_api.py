# ruff: noqa: RUF001 - Russian texts in the assertions
"""GET index/coalition: the invitation, the rate, the totals and the members (every answer is checked against the
OpenAPI schema by the test client)."""

import pytest

from apps.alliance.models import ReferralReward
from tests.answers import data, queries
from tests.factories import MerchantFactory

from .conftest import set_rate, settled_order

URL = "/merchant/index/coalition"


def test_the_invitation_rate_totals_and_members(merchant_api, merchant, member, operator):
    set_rate("10")
    settled_order(member, operator, retail="50.00")  # profit 5.00 -> reward 0.50
    settled_order(member, operator, retail="20.00")  # profit 2.00 -> reward 0.20
    newcomer = MerchantFactory(invited_by=merchant, real_name="li wei")
    MerchantFactory(invited_by=member)  # the member's own member: not one of merchant's (one level only)
    MerchantFactory()  # nobody's member

    page = data(merchant_api.get(URL))
    assert page["invite_code"] == merchant.invite_code
    assert page["invite_link"] == f"http://testserver/register?code={merchant.invite_code}"
    assert page["qr"].startswith("data:image/png;base64,")
    assert page["rate"] == "10.00"
    assert page["totals"] == {"members": 2, "active_members": 1, "total_rewards": "0.70"}
    assert (page["total"], page["page"], page["limit"]) == (2, 1, 20)
    assert [m["id"] for m in page["list"]] == [newcomer.pk, member.pk]  # newest first
    newest, first = page["list"]
    assert (newest["name"], newest["orders_completed"], newest["income"]) == ("L. W.", 0, "0.00")
    assert (first["name"], first["orders_completed"], first["income"]) == ("J. S. S.", 2, "0.70")
    assert first["registered_at"].startswith(member.created_at.date().isoformat())
    # Never the member's own income (its settled sales are 70.00), nor its real name or contacts.
    text = str(page["list"])
    assert "70.00" not in text and "Jane" not in text and member.phone not in text and member.email not in text


def test_income_counts_only_this_inviters_rewards(merchant_api, merchant, member, operator):
    """A reward row of another inviter for the same member (its inviter was changed by an operator) stays out."""
    set_rate("10")
    settled_order(member, operator)
    other = MerchantFactory()
    ReferralReward.objects.create(
        inviter=other, member=member, order_id=10**9, order_number="X", profit="2.00", rate="10", amount="9.99"
    )
    page = data(merchant_api.get(URL))
    assert page["list"][0]["income"] == "0.20"
    assert page["totals"]["total_rewards"] == "0.20"


def test_no_members_and_rewards_off(merchant_api):
    page = data(merchant_api.get(URL))
    assert (page["total"], page["list"], page["rate"]) == (0, [], "0.00")
    assert page["totals"] == {"members": 0, "active_members": 0, "total_rewards": "0.00"}


def test_pages(merchant_api, merchant):
    made = [MerchantFactory(invited_by=merchant) for _ in range(3)]
    page = data(merchant_api.get(URL, {"page": 2, "limit": 2}))
    assert (page["total"], page["page"], page["limit"]) == (3, 2, 2)
    assert [m["id"] for m in page["list"]] == [made[0].pk]


@pytest.mark.parametrize(
    "lang, too_many, page_zero, page_text, unknown",
    [
        (
            "en",
            "At most 100 records per page.",
            "Page must be 1 or more.",
            "A valid integer is required.",
            "Unknown parameter: member",
        ),
        (
            "ru-RU",
            "Не более 100 записей на странице.",
            "Номер страницы должен быть не меньше 1.",
            "Введите правильное число.",
            None,
        ),
    ],
)
def test_bad_input_is_refused_with_its_message(merchant_api, lang, too_many, page_zero, page_text, unknown):
    merchant_api.lang = lang
    body = merchant_api.get(URL, {"limit": 1000}).json()
    assert (body["code"], body["msg"]) == (0, too_many)
    body = merchant_api.get(URL, {"page": 0}).json()
    assert (body["code"], body["data"]["errors"]) == (0, {"page": [page_zero]})
    body = merchant_api.get(URL, {"page": "x"}).json()
    assert (body["code"], body["data"]["errors"]) == (0, {"page": [page_text]})
    body = merchant_api.get(URL, {"member": "1"}).json()  # an unknown parameter: refused, never ignored
    assert body["code"] == 0 and body["data"]["error"] == 1011 and "member" in body["data"]["errors"]
    if unknown:
        assert body["msg"] == unknown


def test_signed_out_gets_401(api):
    response = api.get(URL)
    assert response.status_code == 401 and response.json()["code"] == 401
    api.token = "not-a-token"
    assert api.get(URL).status_code == 401


def test_the_members_page_costs_the_same_queries_for_1_and_for_many_members(merchant_api, merchant, operator):
    set_rate("10")
    first = MerchantFactory(invited_by=merchant)
    settled_order(first, operator)
    few = queries(lambda: data(merchant_api.get(URL)))
    for _ in range(6):
        member = MerchantFactory(invited_by=merchant)
        settled_order(member, operator)
    many = queries(lambda: data(merchant_api.get(URL)))
    assert few == many
