"""The operators' referral rate (added, never edited or removed; the list is the history), the rewards (read only),
and the reward in the inviter's funds records."""

from decimal import Decimal

from django.urls import reverse
from django.utils import translation

from apps.alliance.models import ReferralRate, ReferralReward
from apps.alliance.services import referral_rate_set
from apps.core.errors import AppError

from .conftest import set_rate, settled_order


def test_operators_add_rates_and_never_edit_or_delete_them(admin_client, admin_user):
    url = reverse("admin:alliance_referralrate_add")
    assert admin_client.post(url, {"percent": "50.01", "note": ""}).status_code == 200  # refused, form shown again
    assert admin_client.post(url, {"percent": "-1", "note": ""}).status_code == 200
    assert not ReferralRate.objects.exists()
    assert admin_client.post(url, {"percent": "5", "note": "Launch"}).status_code == 302
    assert admin_client.post(url, {"percent": "3.25", "note": "Lower"}).status_code == 302
    rows = list(ReferralRate.objects.all())
    assert [(r.percent, r.note, r.operator) for r in rows] == [
        (Decimal("3.25"), "Lower", admin_user),
        (Decimal("5.00"), "Launch", admin_user),
    ]
    listing = admin_client.get(reverse("admin:alliance_referralrate_changelist"))
    assert listing.status_code == 200 and b"Launch" in listing.content and b"Lower" in listing.content
    change = reverse("admin:alliance_referralrate_change", args=[rows[0].pk])
    assert admin_client.post(change, {"percent": "40", "note": "x"}).status_code == 403
    delete = reverse("admin:alliance_referralrate_delete", args=[rows[0].pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert ReferralRate.objects.count() == 2 and ReferralRate.objects.first().percent == Decimal("3.25")


def test_the_rate_rule_message_in_two_languages():
    for lang, message in [
        ("en", "The rate must be from 0.00 to 50.00 percent, with at most 2 decimals."),
        ("ru", "Ставка должна быть от 0.00 до 50.00 процента, не более 2 знаков после запятой."),
    ]:
        with translation.override(lang):
            try:
                referral_rate_set(percent=Decimal("51"))
            except AppError as exc:
                assert str(exc.message) == message
            else:
                raise AssertionError("a rate above 50 was accepted")


def test_rewards_are_read_only_in_the_admin(admin_client, member, operator):
    set_rate("10")
    settled_order(member, operator)
    reward = ReferralReward.objects.get()
    assert admin_client.get(reverse("admin:alliance_referralreward_changelist")).status_code == 200
    assert admin_client.get(reverse("admin:alliance_referralreward_change", args=[reward.pk])).status_code == 200
    assert admin_client.get(reverse("admin:alliance_referralreward_add")).status_code == 403
    delete = reverse("admin:alliance_referralreward_delete", args=[reward.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403


def test_the_reward_is_in_the_inviters_funds_records(merchant_api, member, operator):
    set_rate("10")
    settled_order(member, operator)
    rows = merchant_api.get("/merchant/merchant/bill").json()["data"]["list"]
    assert [(r["kind"], r["title"], r["memo"], r["amount"], r["balance_after"]) for r in rows] == [
        ("referral_reward", "Referral reward", "J. S. S.", "0.20", "0.20")
    ]
    # Not an order of the inviter's shop: the orders tab keeps its own orders only.
    assert merchant_api.get("/merchant/merchant/bill", {"type": "order"}).json()["data"]["list"] == []
    merchant_api.lang = "zh-CN"
    rows = merchant_api.get("/merchant/merchant/bill").json()["data"]["list"]
    assert rows[0]["title"] == "推荐奖励"
