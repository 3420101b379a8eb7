"""Browser test of the Devices screen and "This wasn't me" (issue 36) at 390x844 in Chromium: one merchant signed in
on two browsers; the first signs the other out from Devices (the other's next request goes to sign-in), answers "This
wasn't me" on a security message and sees the lock banner on My; the mail's page shows the notice, locks on its
button. Screenshots in English and Russian (tests/e2e/artifacts/<lang>/devices-*.png)."""

import pytest

from apps.accounts.models import Merchant
from apps.accounts.services import security_notice, session_create
from apps.accounts.services.security import not_me_url
from apps.support.models import Notice
from tests.e2e.conftest import PHONE_CONTEXT, assert_visible, catalogue, open_app, server_text, settled, shot, tap
from tests.factories import MerchantFactory

ANDROID_CHROME = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile "
    "Safari/537.36"
)
IPHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 "
    "Mobile/15E148 Safari/604.1"
)


def _keep_token(page, base_url, token, lang):
    page.goto(f"{base_url}/healthz")
    page.evaluate(
        "([token, lang]) => { localStorage.setItem('token', token); localStorage.setItem('lang', lang); }",
        [token, lang],
    )


@pytest.mark.parametrize("lang", ["en", "ru-RU"])
def test_sign_out_another_device_then_this_was_not_me(page, browser, base_url, lang):
    texts = catalogue(lang)
    merchant = MerchantFactory(language=lang, time_zone="Asia/Bangkok")
    _keep_token(page, base_url, session_create(merchant=merchant, user_agent=ANDROID_CHROME, ip="203.0.113.7"), lang)
    other = browser.new_context(**PHONE_CONTEXT)
    other_page = other.new_page()
    _keep_token(
        other_page, base_url, session_create(merchant=merchant, user_agent=IPHONE_SAFARI, ip="198.51.100.4"), lang
    )
    record = security_notice(
        merchant=merchant,
        event="new_device_sign_in",
        params={"device": "Safari (iOS)", "where": "198.51.100.4", "time": "2026-11-28 09:30 +07:00"},
    )

    # Settings -> Devices: this one marked, the other with Sign out.
    open_app(page, base_url, "/settingup")
    tap(page.get_by_test_id("devices-link"))
    page.wait_for_url(f"{base_url}/devices")
    current = page.get_by_test_id("device-current")
    assert_visible(current)
    assert texts["devices.thisDevice"] in current.inner_text()
    other_row = page.get_by_test_id("device-other")
    assert "198.51.100.4" in other_row.inner_text()
    shot(page, "devices")

    # Sign out the other device, after a dialog naming it; its next request is signed out.
    tap(other_row.get_by_test_id("device-signout"))
    confirm = page.locator(".adm-dialog-button", has_text=texts["devices.signOut"])
    assert_visible(confirm)
    settled(confirm)
    shot(page, "devices-signout-confirm", full_page=False)
    confirm.click()
    other_row.wait_for(state="detached")
    assert texts["devices.onlyThis"] in page.get_by_test_id("device-list").inner_text()
    other_page.goto(f"{base_url}/my")
    other_page.wait_for_url(f"{base_url}/login*")
    other.close()

    # "This wasn't me" on the security message: a dialog says what it does; then the lock banner on My.
    message = Notice.objects.get(merchant=merchant, target_kind="security", target_id=record.pk)
    open_app(page, base_url, f"/messageDetail?id={message.pk}")
    button = page.get_by_test_id("not-me-button")
    assert_visible(button, scroll=True)
    shot(page, "devices-security-message")
    tap(button)
    lock = page.locator(".adm-dialog-button", has_text=texts["notMe.lock"])
    assert_visible(lock)
    settled(lock)
    shot(page, "devices-not-me-confirm", full_page=False)
    lock.click()
    page.locator(
        ".adm-toast-main",
        has_text=server_text(lang, "Money movements are locked and your other devices were signed out."),
    ).wait_for()
    assert Merchant.objects.get(pk=merchant.pk).money_locked_at is not None
    open_app(page, base_url, "/my")
    banner = page.get_by_test_id("money-lock-banner")
    assert_visible(banner)
    assert texts["moneyLock.title"] in banner.inner_text()
    shot(page, "devices-lock-banner")


def test_the_mail_page_shows_the_notice_and_locks_on_its_button(page, base_url):
    merchant = MerchantFactory(language="en", time_zone="Asia/Bangkok")
    record = security_notice(
        merchant=merchant,
        event="new_device_sign_in",
        params={"device": "Safari on iOS", "where": "198.51.100.4", "time": "2026-11-28 09:30 +07:00"},
    )
    path = not_me_url(merchant_id=merchant.pk, notice_id=record.pk).removeprefix("http://localhost:8000")
    page.goto(f"{base_url}{path}")
    button = page.get_by_test_id("not-me-confirm")
    assert_visible(button, scroll=True)
    assert Merchant.objects.get(pk=merchant.pk).money_locked_at is None  # opening it locks nothing
    page.screenshot(path=str(shot_path("en", "devices-mail-page")), full_page=True)
    button.click()
    page.get_by_test_id("not-me-done").wait_for()
    assert Merchant.objects.get(pk=merchant.pk).money_locked_at is not None
    page.screenshot(path=str(shot_path("en", "devices-mail-page-done")), full_page=True)


def shot_path(lang, name):
    from tests.e2e.conftest import ARTIFACTS

    path = ARTIFACTS / lang / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path
