"""The operators' sign-in: locked out after repeated wrong passwords per username+address, and a second factor
(TOTP) that production requires (finding 4)."""

import pytest
from django.test import Client
from django_otp.oath import totp
from django_otp.plugins.otp_totp.models import TOTPDevice

pytestmark = pytest.mark.django_db

LOGIN = "/admin/login/?next=/admin/"
PASSWORD = "Operator-pass-2026"


@pytest.fixture(autouse=True)
def _limits(settings):
    settings.AXES_FAILURE_LIMIT = 5
    settings.NUM_PROXIES = 0


def english() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def sign_in(client: Client, username: str, password: str, address: str = "198.51.100.7", **extra):
    client.get(LOGIN, REMOTE_ADDR=address)
    return client.post(LOGIN, {"username": username, "password": password, **extra}, REMOTE_ADDR=address)


def signed_in(client: Client) -> bool:
    return client.get("/admin/").status_code == 200


def test_right_password_signs_in(operator):
    client = english()
    response = sign_in(client, "operator", PASSWORD)
    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert signed_in(client)


def test_wrong_passwords_lock_the_sign_in_even_for_the_right_password(operator):
    client = english()
    for _ in range(4):
        assert sign_in(client, "operator", "wrong-password").status_code == 200  # the form again, with its error
    assert sign_in(client, "operator", "wrong-password").status_code == 429  # the fifth failure locks
    locked = sign_in(client, "operator", PASSWORD)
    assert locked.status_code == 429
    assert b"Too many failed sign-ins" in locked.content
    assert not signed_in(client)


def test_the_lockout_is_per_username_and_address(operator, django_user_model):
    django_user_model.objects.create_superuser("second", "second@example.com", PASSWORD)
    for _ in range(5):
        sign_in(english(), "operator", "wrong-password", address="198.51.100.7")
    assert sign_in(english(), "operator", PASSWORD, address="198.51.100.7").status_code == 429
    # The same operator from another address, and another operator from the same address, still sign in.
    other_address = english()
    assert sign_in(other_address, "operator", PASSWORD, address="203.0.113.9").status_code == 302
    assert signed_in(other_address)
    other_user = english()
    assert sign_in(other_user, "second", PASSWORD, address="198.51.100.7").status_code == 302
    assert signed_in(other_user)


def test_a_forged_forwarded_for_does_not_escape_the_lockout(operator):
    for n in range(5):
        sign_in(english(), "operator", "wrong-password", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}")
    assert sign_in(english(), "operator", PASSWORD, HTTP_X_FORWARDED_FOR="10.9.9.9").status_code == 429


@pytest.fixture
def otp_required(settings):
    settings.ADMIN_REQUIRE_OTP = True


@pytest.fixture
def device(operator):
    return TOTPDevice.objects.create(user=operator, name="phone", confirmed=True)


def code(device: TOTPDevice) -> str:
    return f"{totp(device.bin_key, device.step, device.t0, device.digits, device.drift):06d}"


def test_with_otp_required_a_password_alone_does_not_open_the_admin(otp_required, device):
    client = english()
    response = sign_in(client, "operator", PASSWORD)
    assert response.status_code == 200
    assert "Enter the 6-digit code from your authenticator app." in response.content.decode()
    assert not signed_in(client)


def test_with_otp_required_a_wrong_code_does_not_open_the_admin(otp_required, device):
    client = english()
    response = sign_in(client, "operator", PASSWORD, otp_token="000000" if code(device) != "000000" else "111111")
    assert response.status_code == 200
    assert "The code is wrong or has expired." in response.content.decode()
    assert not signed_in(client)


def test_with_otp_required_an_operator_without_a_device_cannot_open_the_admin(otp_required, operator):
    client = english()
    response = sign_in(client, "operator", PASSWORD, otp_token="123456")
    assert "No authenticator is set up for this account." in response.content.decode()
    assert not signed_in(client)


def test_with_otp_required_an_operator_with_two_devices_chooses_one(otp_required, device, operator):
    second = TOTPDevice.objects.create(user=operator, name="tablet", confirmed=True)
    client = english()
    first_try = sign_in(client, "operator", PASSWORD, otp_token=code(second))
    assert "Choose the device that makes your code." in first_try.content.decode()
    assert 'name="otp_device"' in first_try.content.decode()
    response = sign_in(client, "operator", PASSWORD, otp_token=code(second), otp_device=second.persistent_id)
    assert response.status_code == 302
    assert signed_in(client)


def test_with_otp_required_password_and_code_open_the_admin(otp_required, device):
    client = english()
    response = sign_in(client, "operator", PASSWORD, otp_token=code(device))
    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert signed_in(client)


def test_a_password_only_session_is_refused_once_otp_is_required(operator, settings):
    client = english()
    client.force_login(operator)
    assert signed_in(client)
    settings.ADMIN_REQUIRE_OTP = True
    assert client.get("/admin/").status_code == 302  # back to the sign-in, which asks for the code
    page = client.get(LOGIN)
    assert "otp_token" in page.content.decode()


def test_the_sign_in_page_asks_for_the_code_only_when_required(settings):
    assert "otp_token" not in english().get(LOGIN).content.decode()
    settings.ADMIN_REQUIRE_OTP = True
    assert 'autocomplete="one-time-code"' in english().get(LOGIN).content.decode()
