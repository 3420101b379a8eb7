"""Demo accounts (manage.py seed_demo): the operator, the platform invitation code and an active demo merchant.

Idempotent: existing rows are kept as they are; only what is missing is created.
"""

from typing import TextIO

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password

from .constants import MerchantStatus
from .hooks import merchant_registered
from .models import InvitationCode, Merchant

OPERATOR = ("admin", "Admin-pass-2026")
DEMO_EMAIL = "demo@example.com"
DEMO_PHONE = "+10000000001"
DEMO_PASSWORD = "Demo-pass-2026"
DEMO_PAY_PASSWORD = "246810"


def seed(stdout: TextIO) -> None:
    user_model = get_user_model()
    username, password = OPERATOR
    if not user_model.objects.filter(username=username).exists():
        user_model.objects.create_superuser(username, "admin@example.com", password)
    InvitationCode.objects.get_or_create(code="WELCOME", defaults={"note": "Demo platform code"})
    merchant, created = Merchant.objects.get_or_create(
        email=DEMO_EMAIL,
        defaults={
            "phone": DEMO_PHONE,
            "real_name": "Demo Merchant",
            "country": "US",
            "status": MerchantStatus.ACTIVE,
            "language": "en",
            "password": make_password(DEMO_PASSWORD),
            "pay_password": make_password(DEMO_PAY_PASSWORD),
            "invite_code": "DEMO2026",
        },
    )
    if created:
        merchant_registered(merchant=merchant, shop_name="Demo Store", shop_address="1 Demo Street", logo=None)
    stdout.write(
        f"Operator {username} / {password}; merchant {DEMO_EMAIL} / {DEMO_PASSWORD}, pay password "
        f"{DEMO_PAY_PASSWORD}; invitation code WELCOME" + (" (created)" if created else "")
    )
