"""Verifying the phone in the browser (issue 36, item 6): personal information says it is not verified, Verify sends a
code by text message (read from the development SMS backend), the code is typed, and the row says Verified."""

import re

import pytest
from playwright.sync_api import Page, expect

from apps.accounts.models import Merchant
from apps.accounts.sms import LoggingSmsBackend
from tests.e2e.conftest import catalogue, open_app, server_text, settled, shot, sign_in, tap, wait_toast
from tests.factories import MerchantFactory


def app(page: Page):
    """The shown screen (visited routes stay mounted but hidden)."""
    return page.locator('.kept-route:not([style*="display: none"])')


@pytest.mark.parametrize("lang", ["en", "tai"])
def test_the_phone_is_verified_with_a_code_sent_to_it(page, base_url, lang):
    texts = catalogue(lang)
    LoggingSmsBackend.outbox.clear()
    merchant = MerchantFactory(real_name="Alex Morgan", phone="+66812345678", language=lang)
    sign_in(page, base_url, merchant, lang)
    open_app(page, base_url, "/personalInfo")
    phone_row = app(page).get_by_test_id("change-phone")
    expect(phone_row.get_by_text(texts["verify.notVerified"], exact=True)).to_be_visible()
    email_row = app(page).get_by_test_id("change-email")
    expect(email_row.get_by_text(texts["verify.notVerified"], exact=True)).to_be_visible()
    shot(page, "personalInfo-not-verified")

    # Verify opens its own sheet (not the change of the phone), saying where the code goes.
    tap(phone_row.get_by_role("button", name=texts["verify.verify"], exact=True))
    sheet = page.locator(".verify-sheet")
    settled(sheet)
    expect(sheet.get_by_text(texts["verify.titlePhone"], exact=True)).to_be_visible()
    expect(sheet.locator(".verify-address")).to_have_text("+668•••5678")
    expect(page.locator(".contact-sheet", has_text=texts["contact.changePhone"])).to_have_count(0)

    tap(sheet.get_by_role("button", name=texts["forget.send"], exact=True))
    assert wait_toast(page) == server_text(lang, "A verification code has been sent to your phone number.")
    countdown = re.escape(texts["forget.resend"]).replace(re.escape("{seconds}"), r"\d+")
    expect(sheet.get_by_role("button", name=re.compile(countdown))).to_be_disabled()
    [(to, text)] = LoggingSmsBackend.outbox
    assert to == merchant.phone
    code = re.search(r"\b(\d{6})\b", text).group(1)
    sheet.get_by_placeholder(texts["forget.codePlaceholder"], exact=True).fill(code)
    page.locator(".adm-toast-main").wait_for(state="detached")
    shot(page, "personalInfo-verify-sheet", full_page=False)

    tap(sheet.get_by_role("button", name=texts["common.confirm"], exact=True))
    assert wait_toast(page, server_text(lang, "Phone number verified"))
    expect(sheet).to_be_hidden()
    expect(phone_row.get_by_text(texts["verify.verified"], exact=True)).to_be_visible()
    expect(phone_row.get_by_role("button", name=texts["verify.verify"])).to_have_count(0)
    assert Merchant.objects.get(pk=merchant.pk).phone_verified_at is not None
    page.locator(".adm-toast-main").wait_for(state="detached")
    shot(page, "personalInfo-verified")
