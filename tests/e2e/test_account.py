"""The account screens in the browser: register -> operator approves in the admin -> sign in -> personal info ->
login password and payment password (two languages), forgotten password, the avatar, logout, and screenshots of every
account screen in all seven languages."""

import re
from pathlib import Path

import pytest
from django.contrib.auth.hashers import check_password
from django.core import mail
from playwright.sync_api import Page, expect

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import AuthToken, Merchant
from tests.e2e.conftest import (
    LANGUAGES,
    assert_visible,
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
from tests.factories import (
    DEFAULT_PASSWORD,
    InvitationCodeFactory,
    LevelFactory,
    MerchantFactory,
    drawn_image,
    image_bytes,
)

NEW_PASSWORD = "Fresh-pass-2027"


def app(page: Page):
    """The active screen: every visited route stays mounted but hidden (keep-alive), so look only at the shown one."""
    return page.locator('.kept-route:not([style*="display: none"])')


def field_error(page: Page, text: str):
    return app(page).locator(".field-error", has_text=text)


def upload(scope, field: str, path: Path) -> None:
    """Pick an image for an upload tile and wait until it is uploaded (the uploading mask is gone)."""
    tile = scope.locator(f'.upload-tile[data-field="{field}"]')
    tile.locator('input[type="file"]').set_input_files(str(path))
    expect(tile.locator(".adm-image-uploader-cell img")).to_be_visible()
    expect(tile.locator(".adm-image-uploader-cell-mask")).to_have_count(0)


@pytest.fixture
def images(tmp_path) -> dict[str, Path]:
    paths = {}
    for index, name in enumerate(["logo", "id_front", "id_back", "id_hand"]):
        path = tmp_path / f"{name}.png"
        path.write_bytes(image_bytes("PNG", size=(40 + index, 30)))
        paths[name] = path
    return paths


def approve_in_admin(page: Page, base_url: str, phone: str) -> None:
    """The operator approves the registration from the review queue (the admin's approve action)."""
    page.goto(f"{base_url}/admin/login/")
    page.fill("#id_username", "operator")
    page.fill("#id_password", "Operator-pass-2026")
    page.locator("input[type=submit]").click()
    page.goto(f"{base_url}/admin/accounts/merchant/?status__exact=pending")
    row = page.locator("#result_list tbody tr", has_text=phone)
    row.locator("input.action-select").check()
    page.select_option("select[name=action]", "approve")
    page.locator("button[name=index]").click()
    expect(page.locator(".messagelist .success")).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_register_approve_sign_in_and_set_passwords(page, context, base_url, operator, images, lang):
    InvitationCodeFactory(code="WELCOME")
    LevelFactory(rank=1)
    texts = catalogue(lang)
    phone = "+15550001234" if lang == "en" else "+8613800001234"

    # Code: the invitation code is checked first, then the form opens with it.
    open_app(page, base_url, "/code", lang)
    app(page).get_by_placeholder(texts["code.inviteCodePlaceholder"], exact=True).fill("nope")
    tap(app(page).get_by_role("button", name=texts["code.submit"]))
    assert_visible(app(page).locator(".field-error"))  # on its field, and only there: no toast saying it again
    page.wait_for_load_state("networkidle")  # the answer is in and nothing more is coming
    expect(page.locator(".adm-toast-main")).to_have_count(0)
    assert page.url == f"{base_url}/code"
    app(page).get_by_placeholder(texts["code.inviteCodePlaceholder"], exact=True).fill("welcome")
    tap(app(page).get_by_role("button", name=texts["code.submit"]))
    page.wait_for_url(f"{base_url}/register?code=WELCOME")
    expect(app(page).get_by_placeholder(texts["code.inviteCodePlaceholder"], exact=True)).to_have_value("WELCOME")

    # Register: nothing filled -> the rules on their fields; then the whole form with the KYC photos.
    tap(app(page).get_by_role("button", name=texts["register.submit"]))
    for message_id in ("register.logoRequired", "register.shopNameRequired", "register.idHandRequired"):
        expect(field_error(page, texts[message_id])).to_be_visible()
    # Email: optional in Chinese only.
    assert field_error(page, texts["register.emailRequired"]).count() == (0 if lang == "zh-CN" else 1)
    for name, path in images.items():
        upload(app(page), name, path)
    app(page).get_by_placeholder(texts["register.shopNamePlaceholder"], exact=True).fill("Blue Harbor Goods")
    app(page).get_by_placeholder(texts["register.shopAddressPlaceholder"], exact=True).fill("12 Harbor Road")
    # Country: a searchable list in the interface language; the ISO code is sent.
    singapore = "Singapore" if lang == "en" else "新加坡"
    app(page).locator(".country-field").click()
    countries = page.locator(".country-popup")
    countries.get_by_placeholder(texts["register.countrySearch"], exact=True).fill(singapore[:4])
    countries.locator(".adm-list-item", has_text=singapore).click()
    expect(app(page).locator(".country-field")).to_have_text(singapore)
    app(page).get_by_placeholder(texts["register.realNamePlaceholder"], exact=True).fill("Mei Tan")
    app(page).get_by_placeholder(texts["register.phonePlaceholder"], exact=True).fill(phone)
    if lang == "en":
        app(page).get_by_placeholder(texts["register.emailPlaceholder"], exact=True).fill("mei@example.com")
    app(page).get_by_placeholder(texts["password.minLength"], exact=True).fill(DEFAULT_PASSWORD)
    app(page).get_by_placeholder(texts["password.repeatPlaceholder"], exact=True).fill(DEFAULT_PASSWORD + "x")
    tap(app(page).get_by_role("button", name=texts["register.submit"]))
    expect(field_error(page, texts["password.mismatch"])).to_be_visible()
    assert not Merchant.objects.filter(phone=phone).exists()
    app(page).get_by_placeholder(texts["password.repeatPlaceholder"], exact=True).fill(DEFAULT_PASSWORD)
    tap(app(page).get_by_role("button", name=texts["register.submit"]))
    expect(app(page).get_by_text(texts["register.reviewTitle"], exact=True)).to_be_visible()
    expect(page.locator(".adm-toast-main")).to_have_count(0, timeout=5000)  # the earlier toast is gone
    # Under review is a warning's colour, not success's green.
    icon_colour = page.locator(".adm-result-icon .antd-mobile-icon").evaluate("e => getComputedStyle(e).color")
    assert icon_colour == "rgb(173, 82, 0)", icon_colour  # --adm-color-warning
    shot(page, "register-done")

    merchant = Merchant.objects.select_related("shop").get(phone=phone)
    assert merchant.status == MerchantStatus.PENDING
    assert merchant.shop.name == "Blue Harbor Goods"
    assert merchant.country == "SG"
    assert merchant.email == ("mei@example.com" if lang == "en" else None)
    assert merchant.id_front and merchant.id_back and merchant.id_hand and merchant.shop.logo

    # Signed in while pending: My says the documents are under review.
    tap(app(page).get_by_role("button", name=texts["register.toLogin"]))
    page.wait_for_url(f"{base_url}/login")
    app(page).get_by_placeholder(texts["login.accountPlaceholder"], exact=True).fill(phone)
    app(page).get_by_placeholder(texts["login.passwordPlaceholder"], exact=True).fill(DEFAULT_PASSWORD)
    tap(app(page).get_by_role("button", name=texts["login.submit"], exact=True))
    page.wait_for_url(f"{base_url}/home")
    open_app(page, base_url, "/my")
    expect(app(page).get_by_text(texts["my.pendingTitle"], exact=True)).to_be_visible()
    expect(page.locator(".my-header-shop")).to_have_text("Blue Harbor Goods")

    # The operator approves in the admin (another browser).
    admin_page = context.browser.new_context().new_page()
    approve_in_admin(admin_page, base_url, phone)
    admin_page.context.close()
    merchant.refresh_from_db()
    assert merchant.status == MerchantStatus.ACTIVE

    # Personal info: the identity is reviewed now; the phone is not verified yet (registration sends it no code), with
    # a Verify button (tests/e2e/test_verify.py); no payment password yet.
    open_app(page, base_url, "/personalInfo")
    expect(app(page).get_by_text(texts["profile.verified"], exact=True)).to_have_count(1)
    phone_row = app(page).get_by_test_id("change-phone")
    expect(phone_row.get_by_text(texts["verify.notVerified"], exact=True)).to_be_visible()
    expect(phone_row.get_by_role("button", name=texts["verify.verify"], exact=True)).to_be_visible()
    expect(app(page).get_by_text(texts["profile.payNotSet"], exact=True)).to_be_visible()
    expect(app(page).get_by_text(texts["my.pendingTitle"], exact=True)).to_have_count(0)

    # Change login password: a wrong old one is refused on its field; then every session ends -> sign in again.
    app(page).get_by_text(texts["profile.changeLogin"], exact=True).click()
    page.wait_for_url(f"{base_url}/changeLoginPassword")
    app(page).get_by_placeholder(texts["password.oldPlaceholder"], exact=True).fill("Wrong-pass-2026")
    app(page).get_by_placeholder(texts["password.minLength"], exact=True).fill(NEW_PASSWORD)
    app(page).get_by_placeholder(texts["password.repeatPlaceholder"], exact=True).fill(NEW_PASSWORD)
    tap(app(page).get_by_role("button", name=texts["password.save"]))
    expect(page.locator(".field-error")).to_have_count(1)  # on its field, and not again in a toast
    page.wait_for_load_state("networkidle")  # the answer is in and nothing more is coming
    expect(page.locator(".adm-toast-main")).to_have_count(0)
    app(page).get_by_placeholder(texts["password.oldPlaceholder"], exact=True).fill(DEFAULT_PASSWORD)
    tap(app(page).get_by_role("button", name=texts["password.save"]))
    page.wait_for_url(f"{base_url}/login")
    wait_toast(page)  # says the password changed and to sign in again, over the Sign in button until it goes
    wait_toast_gone(page)
    assert page.evaluate("localStorage.getItem('token')") is None
    assert not AuthToken.objects.filter(merchant=merchant, revoked_at__isnull=True).exists()
    merchant.refresh_from_db()
    assert merchant.check_password(NEW_PASSWORD)

    app(page).get_by_placeholder(texts["login.accountPlaceholder"], exact=True).fill(phone)
    app(page).get_by_placeholder(texts["login.passwordPlaceholder"], exact=True).fill(NEW_PASSWORD)
    tap(app(page).get_by_role("button", name=texts["login.submit"], exact=True))
    page.wait_for_url(f"{base_url}/home")

    # Set the payment password from personal info: 6 digits, twice, equal.
    open_app(page, base_url, "/personalInfo")
    app(page).get_by_text(texts["profile.setPayPassword"], exact=True).click()
    page.wait_for_url(f"{base_url}/setPaypwd")
    app(page).get_by_placeholder(texts["pay.placeholder"], exact=True).fill("24681")
    app(page).get_by_placeholder(texts["pay.repeatPlaceholder"], exact=True).fill("24681")
    tap(app(page).get_by_role("button", name=texts["password.save"]))
    expect(field_error(page, texts["pay.sixDigits"])).to_be_visible()
    app(page).get_by_placeholder(texts["pay.placeholder"], exact=True).fill("246810")
    app(page).get_by_placeholder(texts["pay.repeatPlaceholder"], exact=True).fill("246811")
    tap(app(page).get_by_role("button", name=texts["password.save"]))
    expect(field_error(page, texts["password.mismatch"])).to_be_visible()
    app(page).get_by_placeholder(texts["pay.repeatPlaceholder"], exact=True).fill("246810")
    tap(app(page).get_by_role("button", name=texts["password.save"]))
    page.wait_for_url(f"{base_url}/personalInfo")
    expect(app(page).get_by_text(texts["profile.paySet"], exact=True)).to_be_visible()
    merchant.refresh_from_db()
    assert check_password("246810", merchant.pay_password)

    # Changing it needs the current one (or the login password).
    app(page).get_by_text(texts["profile.changeFunds"], exact=True).click()
    page.wait_for_url(f"{base_url}/changePayPassword")
    wait_toast_gone(page)  # the last save's toast
    app(page).get_by_text(texts["pay.withLogin"], exact=True).click()
    app(page).get_by_placeholder(texts["pay.loginPlaceholder"], exact=True).fill(NEW_PASSWORD)
    app(page).get_by_placeholder(texts["pay.placeholder"], exact=True).fill("135791")
    app(page).get_by_placeholder(texts["pay.repeatPlaceholder"], exact=True).fill("135791")
    tap(app(page).get_by_role("button", name=texts["password.save"]))
    page.wait_for_url(f"{base_url}/personalInfo")
    merchant.refresh_from_db()
    assert check_password("135791", merchant.pay_password)


@pytest.mark.parametrize("lang", ["en", "ru-RU"])
def test_forgotten_password_with_a_one_time_code(page, base_url, merchant, lang):
    texts = catalogue(lang)
    open_app(page, base_url, "/login", lang)
    app(page).get_by_text(texts["login.forgot"], exact=True).click()
    page.wait_for_url(f"{base_url}/forgetPwd")

    tap(app(page).get_by_role("button", name=texts["forget.send"]))
    expect(field_error(page, texts["login.accountRequired"])).to_be_visible()
    app(page).get_by_placeholder(texts["login.accountPlaceholder"], exact=True).fill(merchant.email)
    tap(app(page).get_by_role("button", name=texts["forget.send"]))
    wait_toast(page)
    wait_toast_gone(page)
    countdown = re.escape(texts["forget.resend"]).replace(re.escape("{seconds}"), r"\d+")
    expect(app(page).get_by_role("button", name=re.compile(countdown))).to_be_disabled()
    assert len(mail.outbox) == 1
    code = re.search(r"\b(\d{6})\b", mail.outbox[0].body).group(1)

    app(page).get_by_placeholder(texts["forget.codePlaceholder"], exact=True).fill(code)
    app(page).get_by_placeholder(texts["password.minLength"], exact=True).fill(NEW_PASSWORD)
    app(page).get_by_placeholder(texts["password.repeatPlaceholder"], exact=True).fill(NEW_PASSWORD + "!")
    tap(app(page).get_by_role("button", name=texts["forget.submit"]))
    expect(field_error(page, texts["password.mismatch"])).to_be_visible()
    shot(page, "forgetPwd-filled")
    app(page).get_by_placeholder(texts["password.repeatPlaceholder"], exact=True).fill(NEW_PASSWORD)
    tap(app(page).get_by_role("button", name=texts["forget.submit"]))
    page.wait_for_url(f"{base_url}/login")
    merchant.refresh_from_db()
    assert merchant.check_password(NEW_PASSWORD)


def test_logout_asks_first_and_ends_the_session(page, base_url, merchant):
    texts = catalogue("en")
    sign_in(page, base_url, merchant, "en")
    open_app(page, base_url, "/my")
    tap(app(page).get_by_role("button", name=texts["my.logout"]))
    expect(page.get_by_text(texts["my.logoutConfirm"], exact=True)).to_be_visible()
    page.locator(".adm-dialog").get_by_role("button", name=texts["common.cancel"]).click()
    assert page.url == f"{base_url}/my"
    assert AuthToken.objects.filter(merchant=merchant, revoked_at__isnull=True).count() == 1

    tap(app(page).get_by_role("button", name=texts["my.logout"]))
    page.locator(".adm-dialog").get_by_role("button", name=texts["common.confirm"]).click()
    page.wait_for_url(f"{base_url}/login")
    assert page.evaluate("localStorage.getItem('token')") is None
    assert not AuthToken.objects.filter(merchant=merchant, revoked_at__isnull=True).exists()


def test_my_language_switch_is_saved_on_the_server(page, base_url, merchant):
    texts = catalogue("ri")
    sign_in(page, base_url, merchant, "en")
    open_app(page, base_url, "/my")
    # A tap anywhere on the row opens the sheet: here on its label, at the row's start.
    page.get_by_test_id("language-row").get_by_text(catalogue("en")["common.language"], exact=True).click()
    page.get_by_text("日本語", exact=True).click()
    expect(app(page).get_by_text(texts["my.logout"], exact=True)).to_be_visible()
    assert page.evaluate("localStorage.getItem('lang')") == "ri"
    page.wait_for_load_state("networkidle")
    merchant.refresh_from_db()
    assert merchant.language == "ri"


LEVEL_NAMES = {
    "name_en": "Starter",
    "name_zh_hans": "入门级",
    "name_zh_hant": "入門級",
    "name_ru": "Начальный",
    "name_ko": "스타터",
    "name_ja": "スターター",
    "name_th": "เริ่มต้น",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_account_screens_in_every_language(page, base_url, lang):
    InvitationCodeFactory(code="WELCOME")
    level = LevelFactory(rank=1, **LEVEL_NAMES)
    texts = catalogue(lang)

    open_app(page, base_url, "/login", lang)
    shot(page, "login")
    open_app(page, base_url, "/code")
    expect(app(page).get_by_text(texts["code.title"], exact=True)).to_be_visible()
    shot(page, "code")
    open_app(page, base_url, "/register?code=WELCOME")
    expect(app(page).get_by_role("button", name=texts["register.submit"])).to_be_visible()
    shot(page, "register")
    tap(app(page).get_by_role("button", name=texts["register.submit"]))
    expect(field_error(page, texts["register.logoRequired"])).to_be_visible()
    shot(page, "register-errors")
    # The document tiles line up: three pictures on one line, the fourth under the first.
    boxes = [tile.bounding_box() for tile in app(page).locator(".upload-row").nth(1).locator(".upload-tile").all()]
    assert len(boxes) == 4 and boxes[0]["y"] == boxes[1]["y"] == boxes[2]["y"] < boxes[3]["y"], boxes
    assert boxes[3]["x"] == boxes[0]["x"], boxes
    app(page).locator(".country-field").click()
    settled(page.locator(".country-popup .adm-list-item").first)  # the popup slid in
    shot(page, "register-country")
    open_app(page, base_url, "/forgetPwd")
    expect(app(page).get_by_role("button", name=texts["forget.send"])).to_be_visible()
    shot(page, "forgetPwd")

    # A merchant under review, without a payment password yet.
    pending = MerchantFactory(status=MerchantStatus.PENDING, pay_password="", level=level, real_name="Mei Tan")
    sign_in(page, base_url, pending)
    open_app(page, base_url, "/my")
    expect(app(page).get_by_text(texts["my.pendingTitle"], exact=True)).to_be_visible()
    shot(page, "my-pending")
    open_app(page, base_url, "/setPaypwd")
    expect(app(page).get_by_text(texts["pay.intro"], exact=True)).to_be_visible()
    shot(page, "setPaypwd")
    open_app(page, base_url, "/personalInfo")
    expect(app(page).get_by_text(texts["profile.underReview"], exact=True)).to_be_visible()
    shot(page, "personalInfo-pending")

    # An approved merchant with a payment password.
    active = MerchantFactory(level=level, real_name="Alex Morgan")
    sign_in(page, base_url, active)
    for route, marker in [
        ("/my", "my.logout"),
        ("/personalInfo", "profile.changeFunds"),
        ("/changeLoginPassword", "password.changeHint"),
        ("/changePayPassword", "pay.verifyWith"),
    ]:
        open_app(page, base_url, route)
        expect(app(page).get_by_text(texts[marker], exact=True)).to_be_visible()
        shot(page, route.lstrip("/"))
    open_app(page, base_url, "/my")
    tap(app(page).get_by_role("button", name=texts["my.logout"]))
    settled(page.get_by_text(texts["my.logoutConfirm"], exact=True))  # the prompt opened
    shot(page, "my-logout-confirm")


@pytest.mark.parametrize("lang", ["en", "han"])
def test_rejected_merchant_sends_new_documents(page, base_url, images, lang):
    texts = catalogue(lang)
    merchant = MerchantFactory(status=MerchantStatus.REJECTED, status_reason="The ID photo is blurry.")
    sign_in(page, base_url, merchant, lang)
    open_app(page, base_url, "/my")
    expect(app(page).get_by_text(texts["my.rejectedTitle"], exact=True)).to_be_visible()
    expect(app(page).get_by_text("The ID photo is blurry.")).to_be_visible()
    shot(page, "my-rejected")

    tap(app(page).get_by_role("button", name=texts["my.resubmit"]))
    popup = page.locator(".adm-popup-body")
    tap(popup.get_by_role("button", name=texts["my.resubmitSubmit"]))
    expect(popup.locator(".field-error", has_text=texts["register.idFrontRequired"])).to_be_visible()
    for name in ("id_front", "id_back", "id_hand"):
        upload(popup, name, images[name])
    expect(popup.locator(".field-error")).to_have_count(0)
    shot(page, "my-resubmit")
    tap(popup.get_by_role("button", name=texts["my.resubmitSubmit"]))
    wait_toast(page)
    expect(app(page).get_by_text(texts["my.pendingTitle"], exact=True)).to_be_visible()
    merchant.refresh_from_db()
    assert merchant.status == MerchantStatus.PENDING
    assert merchant.id_front.owner_id == merchant.pk


@pytest.mark.parametrize("lang", ["en", "ri"])
def test_personal_info_changes_and_removes_the_avatar(page, base_url, tmp_path, lang):
    texts = catalogue(lang)
    merchant = MerchantFactory(real_name="Alex Morgan")
    picture = tmp_path / "me.png"
    picture.write_bytes(drawn_image(label="AM", colour="#13a86b"))
    sign_in(page, base_url, merchant, lang)
    open_app(page, base_url, "/personalInfo")
    row = app(page).locator(".profile-avatar-row")
    expect(row.locator("img")).to_have_count(0)  # no avatar yet: the placeholder

    # Pick a photo: it is uploaded at once, and saved with the button.
    row.click()
    sheet = page.locator(".avatar-sheet")
    save = sheet.get_by_role("button", name=texts["profile.avatarSave"], exact=True)
    expect(save).to_be_disabled()
    expect(sheet.get_by_role("button", name=texts["profile.avatarRemove"])).to_have_count(0)
    upload(sheet, "avatar", picture)
    expect(save).to_be_enabled()
    settled(sheet)  # slid in, for the screenshot
    shot(page, "personalInfo-avatar")
    save.click()
    assert wait_toast(page) == server_text(lang, "Avatar saved")
    expect(sheet).to_be_hidden()
    merchant.refresh_from_db()
    assert merchant.avatar is not None and merchant.avatar.kind == "avatar" and merchant.avatar.owner_id == merchant.pk
    avatar_url = re.compile(re.escape(merchant.avatar.file.url) + "$")
    expect(row.locator("img")).to_have_attribute("src", avatar_url)
    assert row.locator("img").evaluate("img => img.naturalWidth") > 0  # the picture is served, not a broken link
    expect(page.locator(".adm-toast-main")).to_have_count(0, timeout=5000)
    shot(page, "personalInfo-with-avatar")

    # My shows it too (the summary is shared by the kept screens).
    open_app(page, base_url, "/my")
    expect(app(page).locator(".my-header img")).to_have_attribute("src", avatar_url)

    # Remove it: asked first; cancelling keeps it.
    open_app(page, base_url, "/personalInfo")
    row.click()
    tap(sheet.get_by_role("button", name=texts["profile.avatarRemove"]))
    expect(page.get_by_text(texts["profile.avatarRemoveConfirm"], exact=True)).to_be_visible()
    page.locator(".adm-dialog").get_by_role("button", name=texts["common.cancel"]).click()
    merchant.refresh_from_db()
    assert merchant.avatar is not None
    tap(sheet.get_by_role("button", name=texts["profile.avatarRemove"]))
    remove = page.locator(".adm-dialog").get_by_role("button", name=texts["profile.avatarRemove"])  # says what, in red
    assert_visible(remove)
    remove.click()
    assert wait_toast(page) == server_text(lang, "Avatar removed")
    expect(row.locator("img")).to_have_count(0)
    merchant.refresh_from_db()
    assert merchant.avatar is None


@pytest.mark.parametrize("lang", ["en", "ru-RU", "tai"])
def test_settings_index_opens_each_setting(page, base_url, merchant, lang):
    """/settingup is a real screen: the account, the language, the shop, the passwords and the terms, each a row."""
    texts = catalogue(lang)
    sign_in(page, base_url, merchant, lang)
    open_app(page, base_url, "/settingup")
    screen = app(page).get_by_test_id("settings-index")
    assert_visible(screen)
    for message_id in ("my.personalInfo", "my.settings", "my.level", "profile.changeLogin", "my.terms"):
        assert_visible(screen.get_by_text(texts[message_id], exact=True), scroll=True)
    shot(page, "settingup")
    tap(screen.get_by_test_id("language-row"))
    sheet = page.locator(".adm-popup-body")
    settled(sheet)
    shot(page, "settingup-language", full_page=False)
    page.keyboard.press("Escape")
    page.goto(f"{base_url}/settingup")
    page.wait_for_selector("#root > *:not(.app-loading)")
    tap(app(page).get_by_text(texts["my.settings"], exact=True))
    page.wait_for_url(f"{base_url}/setting")
