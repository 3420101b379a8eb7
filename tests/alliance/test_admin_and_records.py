"""The operators' referral rate (added, never edited or removed; the list is the history), the rewards (read only),
and the reward in the inviter's funds records."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone, translation

from apps.alliance.models import ReferralRate, ReferralReward
from apps.alliance.selectors import rate_current
from apps.alliance.services import referral_rate_set
from apps.core.errors import AppError
from apps.support.models import Broadcast

from .conftest import set_rate, settled_order


def _start(when):
    return {"effective_from_0": when.strftime("%Y-%m-%d"), "effective_from_1": when.strftime("%H:%M:%S")}


def test_operators_announce_rates_and_never_edit_or_delete_them(admin_client, admin_user):
    url = reverse("admin:alliance_referralrate_add")
    now = timezone.now()
    for bad in ("50.01", "-1"):  # refused, form shown again
        assert admin_client.post(url, {"percent": bad, "change_note": "", **_start(now)}).status_code == 200
    assert not ReferralRate.objects.exists()
    assert admin_client.post(url, {"percent": "5", "change_note": "Launch", **_start(now)}).status_code == 302
    # A change starting now is refused: new terms apply no earlier than the notice period after they are announced.
    too_soon = admin_client.post(url, {"percent": "3.25", "change_note": "Lower", **_start(now)})
    assert too_soon.status_code == 200 and "effective_from" in too_soon.context_data["adminform"].form.errors
    later = now + timedelta(days=settings.TERMS_NOTICE_DAYS, hours=1)
    assert admin_client.post(url, {"percent": "3.25", "change_note": "Lower", **_start(later)}).status_code == 302
    rows = list(ReferralRate.objects.all())
    assert [(r.percent, r.change_note, r.announced_by) for r in rows] == [
        (Decimal("3.25"), "Lower", admin_user),
        (Decimal("5.00"), "Launch", admin_user),
    ]
    assert rate_current() == Decimal("5.00")  # the lower rate is announced, not in force yet
    # Every merchant is told of each version (a broadcast to all, in their languages).
    assert list(Broadcast.objects.order_by("id").values_list("audience", "title_en")) == [
        ("all", f"New referral rate from {rows[1].effective_from:%Y-%m-%d %H:%M} UTC"),
        ("all", f"New referral rate from {rows[0].effective_from:%Y-%m-%d %H:%M} UTC"),
    ]
    listing = admin_client.get(reverse("admin:alliance_referralrate_changelist"))
    assert listing.status_code == 200 and b"Launch" in listing.content and b"Lower" in listing.content
    change = reverse("admin:alliance_referralrate_change", args=[rows[0].pk])
    assert admin_client.post(change, {"percent": "40", "change_note": "x", **_start(now)}).status_code == 403
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


@pytest.mark.django_db
def test_a_rate_s_note_too_long_is_refused_not_cut(operator):
    with translation.override("en"), pytest.raises(AppError) as refused:
        referral_rate_set(percent=Decimal("5"), note="n" * 256, operator=operator)
    assert refused.value.data == {"errors": {"note": ["This is too long: at most 255 characters."]}}
    assert not ReferralRate.objects.exists()
