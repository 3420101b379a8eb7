"""Passkeys in Chromium with its DevTools virtual authenticator (a platform authenticator that verifies the user):
add one on /passkeys, sign out, sign in with it (no account, no password), pass the sign-in's second step with it
on a new device, then remove it. Screenshots in English and
Russian."""

import pytest
from playwright.sync_api import Page, expect

from apps.accounts.models import AuthToken, Passkey
from tests.e2e.conftest import (
    catalogue,
    open_app,
    server_text,
    settled,
    shot,
    sign_in,
    tap,
    wait_toast,
    wait_toast_gone,
)
from tests.factories import DEFAULT_PASSWORD, MerchantFactory

pytestmark = pytest.mark.e2e


def virtual_authenticator(page: Page) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )


def app(page: Page):
    return page.locator('.kept-route:not([style*="display: none"])')


@pytest.mark.parametrize("lang", ["en", "ru-RU"])
def test_add_a_passkey_sign_in_with_it_and_remove_it(page: Page, base_url: str, lang: str):
    texts = catalogue(lang)
    merchant = MerchantFactory()
    virtual_authenticator(page)
    sign_in(page, base_url, merchant, lang)
    open_app(page, base_url, "/passkeys")
    expect(app(page).get_by_text(texts["passkeys.none"])).to_be_visible()

    tap(app(page).get_by_text(texts["passkeys.add"]))
    sheet = page.locator(".contact-sheet")
    settled(sheet)
    sheet.locator('input[type="password"]').fill(DEFAULT_PASSWORD)
    shot(page, "passkeys-add-password", full_page=False)
    tap(sheet.get_by_role("button", name=texts["passkeys.continue"]))
    name = sheet.get_by_test_id("passkey-name").locator("input")
    expect(name).to_be_visible()  # the browser made the passkey; now its name
    name.fill("Pixel")
    tap(sheet.get_by_role("button", name=texts["passkeys.save"]))
    wait_toast(page, server_text(lang, "Passkey added"))
    wait_toast_gone(page)
    expect(app(page).get_by_test_id("passkey")).to_have_count(1)
    expect(app(page).get_by_test_id("passkey")).to_contain_text("Pixel")
    shot(page, "passkeys")
    assert Passkey.objects.get(merchant=merchant).name == "Pixel"

    # Signed out, the login screen signs in with the passkey alone.
    page.evaluate("localStorage.removeItem('token')")
    open_app(page, base_url, "/login")
    button = page.get_by_role("button", name=texts["passkeys.signIn"])
    shot(page, "login-passkey")
    tap(button)
    page.wait_for_url("**/home")
    session = AuthToken.objects.filter(merchant=merchant, device__isnull=False).get()
    assert session.device is not None and session.device.trusted_at is not None
    assert Passkey.objects.get(merchant=merchant).last_used_at is not None

    # On a new device (another browser key) the password asks for the second step: the passkey passes it.
    page.evaluate("localStorage.removeItem('token'); localStorage.removeItem('device')")
    open_app(page, base_url, "/login")
    page.locator("#login-account").fill(merchant.email)
    page.locator("#login-password").fill(DEFAULT_PASSWORD)
    tap(page.get_by_role("button", name=texts["login.submit"], exact=True))
    use = page.get_by_test_id("login-factor").get_by_role("button", name=texts["passkeys.usePasskey"])
    expect(use).to_be_visible()
    expect(page.locator("#login-factor-code")).to_have_count(0)  # passkeys alone: no code field
    shot(page, "login-factor-passkey")
    tap(use)
    page.wait_for_url("**/home")
    assert AuthToken.objects.filter(merchant=merchant, device__trusted_at__isnull=False).count() == 2

    open_app(page, base_url, "/passkeys")
    expect(app(page).get_by_test_id("passkey")).to_contain_text(texts["passkeys.lastUsed"].split("{")[0].strip())
    tap(app(page).get_by_test_id("passkey").get_by_role("button", name=texts["passkeys.remove"]))
    sheet = page.locator(".contact-sheet")
    sheet.locator('input[type="password"]').fill(DEFAULT_PASSWORD)
    tap(sheet.get_by_role("button", name=texts["passkeys.remove"]))
    wait_toast(page, server_text(lang, "Passkey removed"))
    expect(app(page).get_by_test_id("passkey")).to_have_count(0)
    assert not Passkey.objects.filter(merchant=merchant).exists()
