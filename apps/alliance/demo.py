"""Demo alliance (manage.py seed_demo, after the orders): a 5 % referral rate and two merchants who registered with
the demo merchant's invite code: one with settled orders (so the demo merchant earned referral rewards, in its funds
records and on /alliance) and one who just joined. The member's orders come from buyers through the signed intake and
move on through the services, as the demo merchant's do (apps.orders.demo). Idempotent: what exists is kept."""

from datetime import timedelta
from decimal import Decimal
from typing import TextIO

import time_machine
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.utils import timezone

from apps.accounts.constants import MerchantStatus
from apps.accounts.hooks import merchant_registered
from apps.accounts.models import Merchant
from apps.orders import demo as orders_demo
from apps.orders.models import Order

from . import selectors, services
from .models import ReferralRate, ReferralReward

DEMO_RATE = Decimal("5.00")
MEMBER_PASSWORD = "Member-pass-2026"
D = timedelta(days=1)

# (email, phone, real name, shop, registered days ago, scenarios of apps.orders.demo its buyers go through)
MEMBERS = [
    ("member@example.com", "+10000000002", "Lina Park", "Lina's Corner", 29, [0, 1, 2, 9]),
    ("newcomer@example.com", "+10000000003", "Marco Bianchi", "Bianchi Home", 2, []),
]


def _member(inviter: Merchant, email: str, phone: str, name: str, shop: str) -> Merchant:
    member = Merchant.objects.filter(email=email).first()
    if member is not None:
        return member
    member = Merchant.objects.create(
        email=email,
        phone=phone,
        real_name=name,
        country="US",
        status=MerchantStatus.ACTIVE,
        language="en",
        password=make_password(MEMBER_PASSWORD),
        pay_password=make_password(orders_demo.DEMO_PAY_PASSWORD),
        invite_code=Merchant.new_invite_code(),
        invited_by=inviter,
    )
    merchant_registered(merchant=member, shop_name=shop, shop_address="2 Demo Avenue", logo=None)
    return member


def seed(stdout: TextIO) -> None:
    inviter = Merchant.objects.filter(email=orders_demo.DEMO_EMAIL).first()
    if inviter is None:
        return
    users = get_user_model().objects
    operator = users.filter(username=orders_demo.OPERATOR_USERNAME).first() or users.filter(is_superuser=True).first()
    now = timezone.now()
    if not ReferralRate.objects.exists():
        with time_machine.travel(now - 30 * D, tick=False):
            services.referral_rate_set(percent=DEMO_RATE, note="Demo referral rate", operator=operator)
    for email, phone, name, shop, days, scenarios in MEMBERS:
        with time_machine.travel(now - days * D, tick=False):
            member = _member(inviter, email, phone, name, shop)
        if not scenarios or Order.objects.filter(merchant=member).exists():
            continue
        with time_machine.travel(now - days * D):
            listings = orders_demo._listings(member)
        if not listings:
            continue
        run = orders_demo._Run(member, operator, listings)
        run.tag = f"{run.tag}M{member.pk}"  # its own storefront references and tracking numbers
        steps = [
            (ago, index, action, args) for index in scenarios for ago, action, args in orders_demo.SCENARIOS[index]
        ]
        for ago, index, action, args in sorted(steps, key=lambda step: (-step[0], step[1])):
            when = now - ago
            with time_machine.travel(when, tick=False):
                run.step(index, action, args, when)
    rewards = ReferralReward.objects.filter(inviter=inviter)
    stdout.write(
        f"Alliance: rate {selectors.rate_current()} %, {Merchant.objects.filter(invited_by=inviter).count()} members "
        f"of {inviter.email}, {rewards.count()} rewards paid"
    )
