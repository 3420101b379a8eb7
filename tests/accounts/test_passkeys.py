"""Passkeys over HTTP with a software authenticator (tests/accounts/authenticator.py): registration, signing in
without the password, the second factor, and what must be refused."""

from datetime import timedelta

import pytest
from django.utils import timezone

from apps.accounts import services
from apps.accounts.models import AuthToken, Device, Merchant, Passkey, PasskeyChallenge
from apps.accounts.webauthn import RelyingParty
from apps.core.errors import AppError
from apps.support.models import Notice
from tests.accounts.authenticator import SoftAuthenticator, challenge_of
from tests.factories import DEFAULT_PASSWORD

pytestmark = pytest.mark.django_db

M = "/merchant/merchant/"
DEVICE = "a-browser-key-of-24-chars-or-more"
RP = RelyingParty(id="testserver", origin="http://testserver", name="Merchant back-office")


def register(api, merchant, authenticator=None, name="My phone"):
    api.login_as(merchant)
    authenticator = authenticator or SoftAuthenticator()
    options = api.post(M + "passkey_options", {"password": DEFAULT_PASSWORD}).json()["data"]["options"]
    body = api.post(M + "passkey_add", {"credential": authenticator.create(options), "name": name}).json()
    assert body["code"] == 1, body
    api.token = None
    return authenticator


def login_options(api):
    return api.post(M + "login_passkey_options").json()["data"]["options"]


def test_register_list_and_remove(api, merchant, other_merchant):
    api.login_as(merchant)
    wrong = api.post(M + "passkey_options", {"password": "not-it"}).json()
    assert wrong["code"] == 0 and "password" in wrong["data"]["errors"]
    options = api.post(M + "passkey_options", {"password": DEFAULT_PASSWORD}).json()["data"]["options"]
    assert options["rp"]["id"] == "testserver"
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["excludeCredentials"] == []
    authenticator = SoftAuthenticator()
    body = api.post(M + "passkey_add", {"credential": authenticator.create(options), "name": "My phone"}).json()
    assert body["code"] == 1 and body["data"]["name"] == "My phone"
    assert Notice.objects.filter(merchant=merchant, title="Passkey added").exists()

    listed = api.get(M + "passkeys").json()["data"]["list"]
    assert [(item["name"], item["last_used_at"]) for item in listed] == [("My phone", None)]
    # The next registration excludes the passkey the merchant has, and keeps the same user handle.
    again = api.post(M + "passkey_options", {"password": DEFAULT_PASSWORD}).json()["data"]["options"]
    assert [item["id"] for item in again["excludeCredentials"]] == [authenticator.id]
    assert again["user"]["id"] == options["user"]["id"]

    pk = listed[0]["id"]
    # Another merchant's id answers like a missing one, and removes nothing.
    api.login_as(other_merchant)
    assert api.post(M + "passkey_remove", {"id": pk, "password": DEFAULT_PASSWORD}).json()["code"] == 0
    api.login_as(merchant)
    assert api.post(M + "passkey_remove", {"id": pk, "password": "not-it"}).json()["code"] == 0
    assert Passkey.objects.filter(pk=pk).exists()
    assert api.post(M + "passkey_remove", {"id": pk, "password": DEFAULT_PASSWORD}).json()["code"] == 1
    assert not Passkey.objects.filter(pk=pk).exists()
    assert Notice.objects.filter(merchant=merchant, title="Passkey removed").exists()
    assert api.get(M + "passkeys").json()["data"]["list"] == []


def test_a_registration_answer_works_once_and_only_for_its_merchant(api, merchant, other_merchant):
    api.login_as(merchant)
    options = api.post(M + "passkey_options", {"password": DEFAULT_PASSWORD}).json()["data"]["options"]
    credential = SoftAuthenticator().create(options)
    api.login_as(other_merchant)
    assert api.post(M + "passkey_add", {"credential": credential}).json()["code"] == 0
    api.login_as(merchant)  # the other merchant's try spent the challenge
    assert api.post(M + "passkey_add", {"credential": credential}).json()["code"] == 0
    assert not Passkey.objects.exists()


@pytest.mark.parametrize(
    "tamper",
    [
        {"origin": "https://evil.example"},
        {"rp_id": "evil.example"},
    ],
)
def test_registration_for_another_site_is_refused(api, merchant, tamper):
    api.login_as(merchant)
    options = api.post(M + "passkey_options", {"password": DEFAULT_PASSWORD}).json()["data"]["options"]
    body = api.post(M + "passkey_add", {"credential": SoftAuthenticator().create(options, **tamper)}).json()
    assert body["code"] == 0 and body["msg"] == "The passkey could not be verified. Please try again."
    assert not Passkey.objects.exists()


def test_sign_in_without_password_trusts_the_device(api, merchant):
    authenticator = register(api, merchant)
    credential = authenticator.get(login_options(api))
    body = api.post(M + "login_passkey", {"credential": credential, "device": DEVICE, "time_zone": "Asia/Tokyo"})
    body = body.json()
    assert body["code"] == 1, body
    api.token = body["data"]["merinfo"]["token"]
    assert api.get(M + "getMerInfo").json()["data"]["id"] == merchant.pk
    token = AuthToken.objects.get(merchant=merchant, device__isnull=False)
    assert token.device is not None and token.device.trusted_at is not None
    passkey = Passkey.objects.get()
    assert passkey.sign_count == 1 and passkey.last_used_at is not None
    # The same answer again (a replay) is refused: its challenge is spent.
    api.token = None
    replay = api.post(M + "login_passkey", {"credential": credential, "device": DEVICE}).json()
    assert replay["code"] == 0 and "token" not in str(replay["data"])


def test_sign_in_refuses_wrong_origin_unknown_challenge_no_verification(api, merchant):
    authenticator = register(api, merchant)
    cases = [
        authenticator.get(login_options(api), origin="https://evil.example"),
        authenticator.get(login_options(api), challenge="bm90LWlzc3VlZC1ieS10aGUtc2VydmVy"),
        authenticator.get(login_options(api), user_verified=False),
    ]
    for credential in cases:
        body = api.post(M + "login_passkey", {"credential": credential, "device": DEVICE}).json()
        assert body["code"] == 0 and body["msg"] == "The passkey could not be verified. Please try again."
    assert not AuthToken.objects.filter(device__isnull=False).exists()


def test_a_challenge_expires_and_serves_one_purpose(api, merchant):
    authenticator = register(api, merchant)
    options = login_options(api)
    PasskeyChallenge.objects.filter(challenge=options["challenge"]).update(expires_at=timezone.now() - timedelta(1))
    assert api.post(M + "login_passkey", {"credential": authenticator.get(options)}).json()["code"] == 0
    # A registration challenge does not sign in.
    api.login_as(merchant)
    options = api.post(M + "passkey_options", {"password": DEFAULT_PASSWORD}).json()["data"]["options"]
    api.token = None
    credential = authenticator.get({"challenge": options["challenge"]})
    assert api.post(M + "login_passkey", {"credential": credential}).json()["code"] == 0
    assert not AuthToken.objects.filter(device__isnull=False).exists()


def test_a_counter_that_goes_back_is_refused(api, merchant):
    authenticator = register(api, merchant)
    authenticator.counter_step = 5
    assert api.post(M + "login_passkey", {"credential": authenticator.get(login_options(api))}).json()["code"] == 1
    authenticator.sign_count = 2  # a clone of the authenticator from before
    authenticator.counter_step = 1
    body = api.post(M + "login_passkey", {"credential": authenticator.get(login_options(api))}).json()
    assert body["code"] == 0
    assert Passkey.objects.get().sign_count == 5
    assert AuthToken.objects.filter(device__isnull=False).count() == 1


def test_an_authenticator_without_counter_keeps_zero(api, merchant):
    authenticator = register(api, merchant)
    authenticator.counter_step = 0
    for _ in range(2):
        assert api.post(M + "login_passkey", {"credential": authenticator.get(login_options(api))}).json()["code"] == 1


def test_a_removed_passkey_signs_in_no_more(api, merchant):
    authenticator = register(api, merchant)
    Passkey.objects.all().delete()
    assert api.post(M + "login_passkey", {"credential": authenticator.get(login_options(api))}).json()["code"] == 0


@pytest.mark.parametrize("credential", [None, "text", [1], {"type": "public-key"}, {"id": "x" * 20000}])
def test_malformed_answers_are_refused_with_a_message(api, credential):
    body = api.post(M + "login_passkey", {"credential": credential}).json()
    assert body["code"] == 0 and body["msg"]


def test_a_passkey_is_a_second_factor_of_its_merchant_only(api, merchant, other_merchant):
    authenticator = register(api, merchant)
    other = register(api, other_merchant)
    assert services.second_factor_enabled(merchant)
    api.login_as(merchant)
    options = api.post(M + "passkey_verify_options").json()["data"]["options"]
    assert [item["id"] for item in options["allowCredentials"]] == [authenticator.id]

    # The other merchant's passkey answering this merchant's challenge is refused, and counted.
    other_answer = other.get({"challenge": options["challenge"]})
    with pytest.raises(AppError) as refused:
        services.second_factor_check(merchant=merchant, passkey=other_answer, rp=RP)
    assert refused.value.data["tries_left"] == 4
    assert Merchant.objects.get(pk=merchant.pk).pay_password_failures == 1

    options = api.post(M + "passkey_verify_options").json()["data"]["options"]
    answer = authenticator.get(options)
    services.second_factor_check(merchant=merchant, passkey=answer, rp=RP)  # right: no error, the count is reset
    assert Merchant.objects.get(pk=merchant.pk).pay_password_failures == 0
    with pytest.raises(AppError):  # the same answer twice
        services.second_factor_check(merchant=merchant, passkey=answer, rp=RP)


def test_passkey_verify_options_needs_a_passkey(api, merchant):
    api.login_as(merchant)
    assert api.post(M + "passkey_verify_options").json()["code"] == 0
    assert not services.second_factor_enabled(merchant)


def test_passkey_paths_need_a_session(api):
    for path in ("passkey_options", "passkey_add", "passkey_remove", "passkey_verify_options"):
        assert api.post(M + path, {}).status_code == 401
    assert api.get(M + "passkeys").status_code == 401


def test_list_is_one_query(api, merchant, django_assert_num_queries):
    for index in range(3):
        Passkey.objects.create(
            merchant=merchant, credential_id=f"id{index}", public_key=b"k", user_handle="h", name=f"key {index}"
        )
    api.login_as(merchant)
    api.get(M + "passkeys")
    with django_assert_num_queries(2):  # the session, the list
        assert len(api.get(M + "passkeys").json()["data"]["list"]) == 3


def test_device_label():
    chrome = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36"
    assert services.passkeys.device_label(chrome) == "Chrome, Android"
    assert services.passkeys.device_label("") == "Passkey"


def test_unused_devices_untouched_by_failed_sign_in(api, merchant):
    authenticator = register(api, merchant)
    credential = authenticator.get(login_options(api), origin="https://evil.example")
    api.post(M + "login_passkey", {"credential": credential, "device": DEVICE})
    assert not Device.objects.filter(merchant=merchant).exists()
    assert challenge_of(credential)


def test_the_sign_in_second_step_with_a_passkey(api, merchant, other_merchant):
    authenticator = register(api, merchant)
    other = register(api, other_merchant)
    body = api.post(M + "login", {"account": merchant.email, "password": DEFAULT_PASSWORD, "device": DEVICE}).json()
    step = body["data"]["second_factor"]
    assert step["methods"] == ["passkey"] and "merinfo" not in body["data"]
    ticket = {"ticket": step["ticket"], "device": DEVICE}

    # Only this merchant's passkeys are offered; another merchant's passkey answering is refused and counted.
    options = api.post(M + "login_factor_options", ticket).json()["data"]["options"]
    assert [item["id"] for item in options["allowCredentials"]] == [authenticator.id]
    refused = api.post(M + "login_factor", {**ticket, "passkey": other.get({"challenge": options["challenge"]})})
    assert refused.json()["code"] == 0 and refused.json()["data"]["tries_left"] == 4
    # From another browser the ticket opens nothing.
    assert (
        api.post(M + "login_factor_options", {**ticket, "device": "another-browser-key-of-24-chars"}).json()["code"]
        == 0
    )

    options = api.post(M + "login_factor_options", ticket).json()["data"]["options"]
    answer = authenticator.get(options)
    signed_in = api.post(M + "login_factor", {**ticket, "passkey": answer}).json()
    assert signed_in["code"] == 1 and signed_in["data"]["merinfo"]["token"]
    assert Device.objects.get(merchant=merchant, trusted_at__isnull=False)
    assert api.post(M + "login_factor", {**ticket, "passkey": answer}).json()["code"] == 0  # replayed
    # The trusted device signs in with the password alone from now on.
    again = api.post(M + "login", {"account": merchant.email, "password": DEFAULT_PASSWORD, "device": DEVICE}).json()
    assert again["data"]["merinfo"]["token"]


def test_passkeys_alone_leave_the_authenticator_app_off(api, merchant):
    register(api, merchant)
    api.login_as(merchant)
    state = api.get(M + "security").json()["data"]
    assert state["second_factor"] is False and state["totp"] is False  # the app's state; passkeys are listed apart
    # The app can still be added.
    assert api.post(M + "totp_start", {"password": DEFAULT_PASSWORD}).json()["code"] == 1
