"""Two-step sign-in in the browser (issue 36): Settings offers it, the Security screen turns it on (login password ->
QR code and key -> the app's code -> recovery codes shown once), and a sign-in from a new browser (another device)
passes the second step with a recovery code. Screenshots of each step, in English and Russian."""

import pytest
from playwright.sync_api import Page, expect

from apps.accounts.models import Device, Merchant, RecoveryCode
from apps.accounts.services.factors import totp
from tests.e2e.conftest import (
    PHONE_CONTEXT,
    catalogue,
    open_app,
    server_text,
    set_language,
    shot,
    tap,
    wait_toast,
    wait_toast_gone,
)
from tests.factories import DEFAULT_PASSWORD, MerchantFactory


def app(page: Page):
    """The active screen (visited routes stay mounted, hidden)."""
    return page.locator('.kept-route:not([style*="display: none"])')


def sign_in_with_the_form(page: Page, base_url: str, merchant, texts: dict[str, str]) -> None:
    open_app(page, base_url, "/login")
    app(page).get_by_placeholder(texts["login.accountPlaceholder"], exact=True).fill(merchant.email)
    app(page).get_by_placeholder(texts["login.passwordPlaceholder"], exact=True).fill(DEFAULT_PASSWORD)
    tap(app(page).get_by_role("button", name=texts["login.submit"], exact=True))


@pytest.mark.parametrize("lang", ["en", "ru-RU"])
def test_turn_on_two_step_sign_in_then_a_new_device_is_asked_the_code(page: Page, context, base_url, lang):
    texts = catalogue(lang)
    merchant = MerchantFactory()
    set_language(page, base_url, lang)
    sign_in_with_the_form(page, base_url, merchant, texts)
    page.wait_for_url(f"{base_url}/home")

    # My and Settings offer it while it is off.
    open_app(page, base_url, "/my")
    expect(app(page).get_by_text(texts["security.offer"], exact=True)).to_be_visible()
    shot(page, "security-my-offer")
    open_app(page, base_url, "/settingup")
    row = app(page).get_by_test_id("two-step-row")
    expect(row).to_contain_text(texts["security.offTurnOn"])
    shot(page, "security-settings-off")
    tap(row)
    page.wait_for_url(f"{base_url}/security")
    expect(app(page).get_by_test_id("two-step-state")).to_have_text(texts["security.off"])
    shot(page, "security-off")

    # Turn on: the login password (a wrong one refused on its field), then the QR code and the key.
    tap(app(page).get_by_role("button", name=texts["security.turnOn"]))
    password = app(page).get_by_placeholder(texts["security.loginPasswordPlaceholder"], exact=True)
    password.fill("Wrong-pass-2026")
    tap(app(page).get_by_role("button", name=texts["security.continue"]))
    expect(app(page).locator(".field-error")).to_have_text(server_text(lang, "The login password is incorrect."))
    shot(page, "security-password")
    password.fill(DEFAULT_PASSWORD)
    tap(app(page).get_by_role("button", name=texts["security.continue"]))
    key_text = app(page).get_by_test_id("totp-key")
    expect(key_text).to_be_visible()
    expect(app(page).locator(".security-qr img")).to_be_visible()
    key = key_text.inner_text().replace(" ", "")
    assert key == Merchant.objects.get(pk=merchant.pk).totp_key
    tap(app(page).get_by_test_id("copy"))
    wait_toast(page)
    wait_toast_gone(page)
    shot(page, "security-scan")

    # The app's code (computed here as the app would) turns it on: the recovery codes, shown once.
    code = f"{totp(key).token():06d}"
    app(page).get_by_placeholder(texts["secondFactor.codePlaceholder"], exact=True).fill(code)
    tap(app(page).get_by_role("button", name=texts["security.confirm"]))
    codes_list = app(page).get_by_test_id("recovery-codes")
    expect(codes_list.locator("li")).to_have_count(10)
    codes = codes_list.locator("li code").all_inner_texts()
    wait_toast(page, server_text(lang, "Two-step sign-in is on"))
    wait_toast_gone(page)
    shot(page, "security-codes")
    tap(app(page).get_by_role("button", name=texts["security.saved"]))
    expect(app(page).get_by_test_id("two-step-state")).to_have_text(texts["security.on"])
    expect(app(page).get_by_test_id("codes-left")).to_have_text("10")
    shot(page, "security-on")

    # Its two other forms open and close (New recovery codes; Turn off).
    tap(app(page).get_by_role("button", name=texts["security.newCodes"]))
    expect(app(page).get_by_test_id("second-factor-field")).to_be_visible()
    shot(page, "security-new-codes")
    tap(app(page).get_by_role("button", name=texts["security.cancel"]))
    tap(app(page).get_by_role("button", name=texts["security.turnOff"]))
    expect(app(page).get_by_placeholder(texts["security.loginPasswordPlaceholder"], exact=True)).to_be_visible()
    shot(page, "security-turn-off")
    tap(app(page).get_by_role("button", name=texts["security.cancel"]))
    expect(app(page).get_by_test_id("two-step-state")).to_have_text(texts["security.on"])

    # The payment-security forms now ask the code too.
    open_app(page, base_url, "/changeLoginPassword")
    expect(app(page).get_by_test_id("second-factor-field")).to_be_visible()
    shot(page, "security-change-password")
    open_app(page, base_url, "/my")
    expect(app(page).get_by_text(texts["security.offer"], exact=True)).to_have_count(0)

    # A new device (a fresh browser context, its own device key): the password, then the second step.
    other = context.browser.new_context(**PHONE_CONTEXT)
    try:
        second = other.new_page()
        set_language(second, base_url, lang)
        sign_in_with_the_form(second, base_url, merchant, texts)
        step = app(second).get_by_test_id("login-factor")
        expect(step).to_be_visible()
        assert second.evaluate("localStorage.getItem('token')") is None
        shot(second, "login-factor")
        field = step.get_by_placeholder(texts["secondFactor.codePlaceholder"], exact=True)
        field.fill("000000" if code != "000000" else "111111")
        tap(step.get_by_role("button", name=texts["loginFactor.submit"]))
        expect(step.locator(".field-error")).to_have_text(
            server_text(lang, "The code is incorrect. %(left)d tries left.", left=4)
        )
        tap(step.get_by_role("button", name=texts["secondFactor.useRecovery"]))
        step.get_by_placeholder(texts["secondFactor.recoveryPlaceholder"], exact=True).fill(codes[0])
        shot(second, "login-factor-recovery")
        tap(step.get_by_role("button", name=texts["loginFactor.submit"]))
        second.wait_for_url(f"{base_url}/home")
        assert second.evaluate("localStorage.getItem('token')")
    finally:
        other.close()
    assert RecoveryCode.objects.filter(merchant=merchant, used_at__isnull=True).count() == 9
    assert Device.objects.filter(merchant=merchant, trusted_at__isnull=False).count() == 2
    assert Merchant.objects.get(pk=merchant.pk).pay_password_failures == 0  # the right code cleared the wrong one
