import io

import pytest
from django.contrib.auth import get_user_model

from apps.accounts import demo
from apps.accounts.models import InvitationCode, Merchant
from apps.shop.models import Level

LOGIN = "/merchant/merchant/login"
pytestmark = pytest.mark.django_db


def test_seed_creates_the_demo_accounts_and_is_idempotent(api):
    level = Level.objects.create(rank=1, name="Bronze", profit_margin="0.1", product_quantity=20, upgrade_price=0)
    demo.seed(io.StringIO())
    merchant = Merchant.objects.get(email="demo@example.com")
    merchant.real_name = "Changed by the demo user"
    merchant.save()
    demo.seed(io.StringIO())

    assert Merchant.objects.count() == 1
    merchant.refresh_from_db()
    assert merchant.real_name == "Changed by the demo user"
    assert (merchant.status, merchant.phone, merchant.level) == ("active", "+10000000001", level)
    assert merchant.country == "US"  # an ISO 3166 code, as the Register screen sends; the app shows its name
    assert merchant.shop.name == "Demo Store"
    assert InvitationCode.objects.get(code="WELCOME").is_active
    admin = get_user_model().objects.get(username="admin")
    assert admin.is_superuser and admin.check_password("Admin-pass-2026")

    body = api.post(LOGIN, {"account": "demo@example.com", "password": "Demo-pass-2026"}).json()
    assert body["code"] == 1
    api.token = body["data"]["merinfo"]["token"]
    assert api.post("/merchant/merchant/verify_pay", {"pay_password": "246810"}).json()["code"] == 1
