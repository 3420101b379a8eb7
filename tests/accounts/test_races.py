"""Concurrent wrong tries on PostgreSQL: real transactions in parallel threads, each with its own connection."""

import pytest

from apps.accounts import services
from apps.accounts.models import AuthToken, Merchant, ThirdPartyIdentity
from apps.core.errors import AppError, ErrorCode
from tests.concurrency import concurrently
from tests.factories import DEFAULT_PASSWORD, DEFAULT_PAY_PASSWORD, MerchantFactory

from .hashers import COUNTING, CountingHasher
from .test_third import partner_link

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def counted(settings):
    settings.PASSWORD_HASHERS = COUNTING
    merchant = MerchantFactory()  # both passwords hashed by the counting hasher
    CountingHasher.checks = 0
    return merchant


def test_twenty_concurrent_wrong_payment_passwords_check_at_most_five(counted):
    results = concurrently(20, lambda i: services.pay_password_check(merchant=counted, raw=f"{i:06d}"[::-1]))
    assert all(isinstance(r, AppError) for r in results)
    assert CountingHasher.checks <= 5
    assert sum(r.error_code == ErrorCode.PAY_PASSWORD for r in results) == 4  # "n tries left"
    assert sum(r.error_code == ErrorCode.LOCKED for r in results) == 16
    locked = Merchant.objects.get(pk=counted.pk)
    assert locked.pay_password_locked_until is not None
    with pytest.raises(AppError) as refused:  # the right one waits for the lock too
        services.pay_password_check(merchant=locked, raw=DEFAULT_PAY_PASSWORD)
    assert refused.value.error_code == ErrorCode.LOCKED


def test_twenty_concurrent_wrong_login_passwords_on_reset_pay_check_at_most_five(counted):
    results = concurrently(
        20,
        lambda i: services.pay_password_set(merchant=counted, pay_password="246810", password=f"wrong-{i}"),
    )
    assert all(isinstance(r, AppError) for r in results)
    assert CountingHasher.checks <= 5
    assert sum(r.error_code == ErrorCode.LOCKED for r in results) == 16
    with pytest.raises(AppError) as refused:
        services.pay_password_set(merchant=counted, pay_password="246810", password=DEFAULT_PASSWORD)
    assert refused.value.error_code == ErrorCode.LOCKED
    with pytest.raises(AppError) as shared:  # one lockout: the payment password waits too
        services.pay_password_check(merchant=counted, raw=DEFAULT_PAY_PASSWORD)
    assert shared.value.error_code == ErrorCode.LOCKED


def test_ten_concurrent_uses_of_one_partner_link_open_one_session(merchant):
    ThirdPartyIdentity.objects.create(partner="partner-a", uid="partner-user-1", merchant=merchant)
    link = partner_link()
    results = concurrently(
        10, lambda i: services.third_party_login(data=link["data"], code=link["code"], partner="partner-a")
    )
    assert sum(isinstance(r, services.SignIn) for r in results) == 1
    assert all(isinstance(r, AppError) for r in results if not isinstance(r, services.SignIn))
    assert AuthToken.objects.count() == 1


def test_five_concurrent_registrations_of_one_phone_open_one_account_and_answer_alike():
    from apps.core.models import Upload
    from tests.factories import InvitationCodeFactory, upload_image

    InvitationCodeFactory(code="WELCOME")

    def form(i):
        sides = ("id_front", "id_back", "id_hand")
        documents = {name: upload_image(kind=Upload.Kind.ID_DOCUMENT).key for name in sides}
        return services.Registration(
            phone="+491701234567", email=f"racer{i}@example.com", password="Strong-pass-2026", real_name="Anna",
            country="DE", shop_name=f"Shop {i}", shop_address="1 Main Street",
            logo=upload_image(kind=Upload.Kind.LOGO).key, license="", invite_code="WELCOME", **documents,
        )  # fmt: skip

    forms = [form(i) for i in range(5)]
    results = concurrently(5, lambda i: services.merchant_register(registration=forms[i]))
    assert [r for r in results if isinstance(r, Exception)] == []  # none refused: the same answer for all
    assert sum(isinstance(r, Merchant) for r in results) == 1 and results.count(None) == 4
    assert Merchant.objects.filter(phone="+491701234567").count() == 1


def test_one_second_factor_code_sent_ten_times_at_once_opens_one_session(merchant):
    """The sign-in's second step: the same authenticator code (and the same recovery code) sent at once works once."""
    import base64
    import secrets

    from django.contrib.auth.hashers import make_password
    from django.utils import timezone

    from apps.accounts.models import RecoveryCode
    from apps.accounts.services.factors import totp

    key = base64.b32encode(secrets.token_bytes(20)).decode()
    Merchant.objects.filter(pk=merchant.pk).update(totp_key=key, totp_confirmed_at=timezone.now())
    RecoveryCode.objects.create(merchant=merchant, code_hash=make_password("abcdefghjk"))
    device = "race-browser-key-aaaaaaaaaaaaaaaaaaaaa"

    def ticket():
        return services.merchant_login(account=merchant.email, password=DEFAULT_PASSWORD, device=device).second_factor[
            "ticket"
        ]

    for code in (f"{totp(key).token():06d}", "abcd-efgh-jk"):
        AuthToken.objects.all().delete()
        sent = ticket()
        results = concurrently(
            10, lambda i, sent=sent, code=code: services.login_factor(ticket=sent, code=code, device=device)
        )
        assert sum(isinstance(r, services.SignIn) for r in results) == 1, results
        assert all(isinstance(r, AppError) for r in results if not isinstance(r, services.SignIn))
        assert AuthToken.objects.filter(merchant=merchant).count() == 1
        from apps.accounts.models import Device

        Device.objects.filter(merchant=merchant).update(trusted_at=None)  # asked again for the next round
        Merchant.objects.filter(pk=merchant.pk).update(pay_password_failures=0, pay_password_locked_until=None)
