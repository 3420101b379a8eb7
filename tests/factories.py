"""factory_boy factories shared by the tests; each app adds its own below its heading."""

import factory
from django.contrib.auth.hashers import make_password

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import InvitationCode, Merchant
from apps.shop.models import Shop

DEFAULT_PASSWORD = "Merchant-pass-2026"
DEFAULT_PAY_PASSWORD = "135790"


# --- accounts ---
class InvitationCodeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = InvitationCode
        django_get_or_create = ("code",)

    code = "WELCOME"


class MerchantFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Merchant

    phone = factory.Sequence(lambda n: f"+1555{n:07d}")
    email = factory.Sequence(lambda n: f"merchant{n}@example.com")
    real_name = factory.Faker("name")
    country = "US"
    status = MerchantStatus.ACTIVE
    password = factory.LazyFunction(lambda: make_password(DEFAULT_PASSWORD))
    pay_password = factory.LazyFunction(lambda: make_password(DEFAULT_PAY_PASSWORD))
    invite_code = factory.Sequence(lambda n: f"INV{n:05d}")
    shop = factory.RelatedFactory("tests.factories.ShopFactory", factory_related_name="merchant")


# --- shop ---
class ShopFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Shop

    merchant = factory.SubFactory(MerchantFactory, shop=None)
    name = factory.Sequence(lambda n: f"Shop {n}")
