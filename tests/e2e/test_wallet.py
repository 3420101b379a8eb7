"""Browser tests of the wallet screens (issue 4), driven at 390x844 in Chromium: a chain deposit with a voucher that
an operator approves in the Django admin, a withdrawal with the server's fee preview that an operator pays in the
admin, the three record screens, the My wallet block and the level upgrade; screenshots of every wallet screen in
the seven languages (tests/e2e/artifacts/<lang>/wallet-*.png).
"""

import io
import re
from decimal import Decimal

import pytest
from django.test import override_settings
from django.utils import translation

from apps.core.i18n import django_lang
from tests.e2e.conftest import LANGUAGES, assert_visible, catalogue, open_app, shot, sign_in, tap, wait_toast
from tests.factories import DEFAULT_PAY_PASSWORD, DepositNetworkFactory, WithdrawalFeeRuleFactory, fund, image_bytes

TRON_ADDRESS = "TJbM8yRzQ3fxuWc7ZVd6kPq2sN4aHgE5Lt"
PAYOUT_ADDRESS = "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf"
# How the app's locales write 150.00 and friends (Intl.NumberFormat, 2 decimals, the currency's symbol where it
# stands); the amounts of these tests stay below 1,000, so no grouping separator.
DECIMAL_COMMA = {"ru-RU"}
DOLLARS = {"en": "${}", "ri": "${}", "ru-RU": "{}\u00a0$"}  # the others: US$150.00


def label(lang: str, choice) -> str:
    """A choice label (status, method) as the API answers it in `lang`."""
    with translation.override(django_lang(lang)):
        return str(choice.label)


def money(lang: str, value: str, currency: str = "USD") -> str:
    """`value` as the screen shows it in `lang`: in the platform currency (USD), or after the number for a chain
    token (USDT)."""
    digits = value.removeprefix("-")
    if lang in DECIMAL_COMMA:
        digits = digits.replace(".", ",")
    shown = DOLLARS.get(lang, "US${}").format(digits) if currency == "USD" else f"{digits} {currency}"
    return "-" + shown if value.startswith("-") else shown


def assert_amount_in(text: str, message: str, amount: str) -> None:
    """`text` is `message` with `amount` in place of {maximum}, formatted with the language's separators."""
    before, after = message.split("{maximum}")
    assert text.startswith(before) and text.endswith(after), (text, message)
    shown = text[len(before) : len(text) - len(after)]
    assert re.sub(r"\D", "", shown) == re.sub(r"\D", "", amount), (shown, amount)


@pytest.fixture
def wallet_setup(base_url, merchant):
    """Two deposit networks, the platform's bank details and the published fee rule (1.00 + 2 %, minimum 10)."""
    from apps.wallet.models import BankDepositDetails

    # In the order operators give them (sort; a network's versions keep its place): TRC20 first, as in the demo.
    DepositNetworkFactory(code="USDT-TRC20", address=TRON_ADDRESS, minimum=Decimal("10.00"), sort=0)
    DepositNetworkFactory(
        code="USDT-ERC20",
        sort=1,
        address_format="evm",
        address="0x7CdAc0083bE6D46B328b8410Bcc94000d1dfD6b7",
        minimum=Decimal("20.00"),
    )
    BankDepositDetails.objects.create(
        bank_name="Demo Bank", account_name="Marketplace Ltd", account_number="6222 0000 1234 5678", branch="Main"
    )
    WithdrawalFeeRuleFactory(fixed_fee=Decimal("1.00"), percent_fee=Decimal("2.00"), minimum=Decimal("10.00"))
    return merchant


def usable_destination(merchant, *, account: str = PAYOUT_ADDRESS, holder: str = "Alex Merchant"):
    """A TRON payout destination of `merchant`, usable at once (its wait is tests/e2e/test_payouts.py's)."""
    from apps.wallet.services.destinations import destination_add, payout_fields_valid

    fields = payout_fields_valid(method="chain", network_code="USDT-TRC20", account=account, holder=holder)
    with override_settings(PAYOUT_COOLING_OFF_HOURS=0):
        return destination_add(merchant=merchant, fields=fields)


def list_item(page, text: str):
    return page.locator(".adm-list-item", has_text=text)


def field_error(page, text: str):
    return page.locator(".field-error").filter(has_text=re.compile(f"^{re.escape(text)}$"))


def type_pay_password(page, digits: str = DEFAULT_PAY_PASSWORD, *, amount: str = "", shot_as: str = "") -> None:
    """Types the payment password as a person does: once the prompt shows above its keypad what is paid (`amount`),
    the six boxes and a way to cancel. `shot_as`: a screenshot of the open prompt."""
    sheet = page.locator(".pay-password").filter(visible=True)  # the open prompt (a closed one may stay in the page)
    keys = page.locator(".adm-number-keyboard-key").filter(visible=True)
    keys.first.wait_for()  # the keypad opens by itself
    for part in (".pay-password-title", ".pay-password-action", ".pay-password-amount", ".adm-passcode-input"):
        assert_visible(sheet.locator(part))
    assert_visible(sheet.get_by_test_id("pay-password-cancel"))
    assert amount in sheet.locator(".pay-password-amount").inner_text()
    if shot_as:
        shot(page, shot_as, full_page=False)
    for digit in digits:
        key = keys.filter(has_text=re.compile(f"^{digit}$")).first
        assert_visible(key)
        key.click()


def admin_page(context, base_url):
    """A second tab where the operator signs in to the Django admin."""
    admin = context.new_page()
    admin.goto(f"{base_url}/admin/login/")
    admin.fill("#id_username", "operator")
    admin.fill("#id_password", "Operator-pass-2026")
    admin.locator("input[type=submit]").click()
    admin.wait_for_url(f"{base_url}/admin/")
    return admin


def admin_decide(admin, base_url, model: str, pk: int, decision: str, fields: dict[str, str]) -> None:
    """Open the object in the admin, follow its decision button, fill the form and submit."""
    admin.goto(f"{base_url}/admin/wallet/{model}/{pk}/change/")
    admin.locator(f"a.button[href$='/{decision}/']").click()
    for name, value in fields.items():
        admin.fill(f"#id_{name}", value)
    admin.locator(".submit-row input[type=submit]").click()
    admin.wait_for_url(f"{base_url}/admin/wallet/{model}/{pk}/change/")
    assert admin.locator(".messagelist .success").is_visible()


@pytest.mark.parametrize("lang", ["en", "ru-RU"])
def test_chain_deposit_approved_then_withdrawal_paid(page, context, base_url, wallet_setup, operator, lang):
    from apps.wallet.constants import DepositStatus, EntryKind, WithdrawalStatus
    from apps.wallet.models import Deposit, Withdrawal

    merchant = wallet_setup
    texts = catalogue(lang)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    sign_in(page, base_url, merchant, lang)

    # Recharge -> chain deposit -> the network list -> USDT-TRC20's address, QR code and form.
    open_app(page, base_url, "/recharge")
    list_item(page, texts["recharge.chain"]).click()
    page.wait_for_url(f"{base_url}/walletRecharge")
    list_item(page, "USDT-TRC20").click()
    page.wait_for_url(f"{base_url}/blockchainRecharge?network=USDT-TRC20")
    assert page.get_by_test_id("deposit-address").inner_text() == TRON_ADDRESS
    assert page.get_by_role("img", name=texts["recharge.qrAlt"]).is_visible()
    tap(page.get_by_role("button", name=texts["common.copy"]))
    wait_toast(page, texts["common.copied"])
    assert page.evaluate("navigator.clipboard.readText()") == TRON_ADDRESS
    page.locator(".adm-toast-main").wait_for(state="detached")

    # The form's rules, before anything is sent: amount required and not zero, voucher required.
    page.get_by_placeholder(texts["wallet.amountPlaceholder"]).fill("0")
    tap(page.get_by_role("button", name=texts["recharge.submit"]))
    assert field_error(page, texts["wallet.cannotBeZero"]).is_visible()
    assert field_error(page, texts["recharge.voucherRequired"]).is_visible()
    shot(page, "wallet-blockchainRecharge-errors")
    assert not Deposit.objects.exists()
    # Below the network's minimum: a deposit's minimum, not "the minimum withdrawal".
    page.get_by_placeholder(texts["wallet.amountPlaceholder"]).fill("9.99")
    tap(page.get_by_role("button", name=texts["recharge.submit"]))
    minimum = page.locator(".field-error").filter(has_text=texts["recharge.belowMinimum"].split("{")[0].strip())
    assert_visible(minimum, scroll=True)
    assert re.search(r"10[.,]00", minimum.inner_text())
    assert texts["withdraw.belowMinimum"].split("{")[0].strip() not in page.locator("body").inner_text()
    shot(page, "wallet-blockchainRecharge-minimum")

    page.get_by_placeholder(texts["wallet.amountPlaceholder"]).fill("150")
    page.locator("input[type=file]").set_input_files(
        files=[{"name": "voucher.png", "mimeType": "image/png", "buffer": image_bytes(size=(60, 120))}]
    )
    page.locator(".adm-image-uploader-cell img").wait_for()
    page.locator(".adm-image-uploader-cell-loading").wait_for(state="detached")  # uploaded
    tap(page.get_by_role("button", name=texts["recharge.submit"]))
    page.wait_for_url(f"{base_url}/rechargeRecord")
    deposit = Deposit.objects.get(merchant=merchant)
    assert (deposit.amount, deposit.network.code, deposit.status) == (Decimal("150.00"), "USDT-TRC20", 0)
    assert deposit.voucher is not None
    record = page.get_by_test_id("deposit-record").first
    assert deposit.number in record.inner_text()
    assert label(lang, DepositStatus.PENDING) in record.inner_text()

    # The operator approves the deposit in the admin.
    admin = admin_page(context, base_url)
    # A chain deposit is credited under its transaction's hash (read from the voucher here), with a reason.
    approval = {"credited_amount": "150.00", "tx_hash": "cd" * 32, "note": "Transfer seen on the explorer"}
    admin_decide(admin, base_url, "deposit", deposit.pk, "approve", approval)
    deposit.refresh_from_db()
    assert deposit.status == DepositStatus.APPROVED

    # The balance shows on My (the merchant's tab in front again: a background tab gets no focus events).
    page.bring_to_front()
    open_app(page, base_url, "/my")
    card = page.get_by_test_id("wallet-card")
    card.get_by_text(money(lang, "150.00")).first.wait_for()
    shot(page, "wallet-my-after-deposit")

    # Withdraw: to a saved TRON address (picked: the only usable destination); more than the balance is refused;
    # "all" fills it; the server's fee.
    usable_destination(merchant)
    open_app(page, base_url, "/withdraw")
    page.get_by_test_id("destination-option").first.wait_for()
    page.get_by_placeholder(texts["wallet.amountPlaceholder"]).fill("150.01")
    tap(page.get_by_role("button", name=texts["withdraw.submit"]))
    assert field_error(page, texts["withdraw.exceedsBalance"]).is_visible()
    tap(page.get_by_role("button", name=texts["withdraw.all"]))
    assert page.get_by_placeholder(texts["wallet.amountPlaceholder"]).input_value() == "150.00"
    preview = page.get_by_test_id("fee-preview")
    preview.get_by_text(money(lang, "146.00", "USDT")).wait_for()  # from GET extract?amount=150.00, paid in USDT
    assert money(lang, "4.00") in preview.inner_text()  # 1.00 + 2 % of 150.00
    shot(page, "wallet-withdraw-preview")
    tap(page.get_by_role("button", name=texts["withdraw.submit"]))
    type_pay_password(page, amount=money(lang, "150.00"), shot_as="wallet-withdraw-pay-password")
    page.wait_for_url(f"{base_url}/withdrawRecord")
    withdrawal = Withdrawal.objects.get(merchant=merchant)
    assert (withdrawal.amount, withdrawal.fee, withdrawal.actual_amount) == (
        Decimal("150.00"),
        Decimal("4.00"),
        Decimal("146.00"),
    )
    assert withdrawal.account == PAYOUT_ADDRESS and withdrawal.network.code == "USDT-TRC20"

    # The operator pays it in the admin.
    admin_decide(admin, base_url, "withdrawal", withdrawal.pk, "pay", {"reference": "0x" + "ab" * 32})
    withdrawal.refresh_from_db()
    assert withdrawal.status == WithdrawalStatus.PAID

    # The records show it all.
    open_app(page, base_url, "/withdrawRecord")
    record = page.get_by_test_id("withdrawal-record").first
    record.get_by_text(label(lang, WithdrawalStatus.PAID)).wait_for()
    for value, currency in (("150.00", "USD"), ("4.00", "USD"), ("146.00", "USDT")):
        assert money(lang, value, currency) in record.inner_text()
    assert withdrawal.number in record.inner_text()
    shot(page, "wallet-withdrawRecord-paid")

    open_app(page, base_url, "/rechargeRecord")
    page.get_by_test_id("deposit-record").first.get_by_text(label(lang, DepositStatus.APPROVED)).wait_for()
    shot(page, "wallet-rechargeRecord-approved")

    open_app(page, base_url, "/fundsRecords")
    lines = page.get_by_test_id("bill-line")
    lines.nth(1).wait_for()
    assert lines.count() == 2
    newest, oldest = lines.nth(0).inner_text(), lines.nth(1).inner_text()
    assert label(lang, EntryKind.WITHDRAWAL) in newest and money(lang, "-150.00") in newest
    assert label(lang, EntryKind.DEPOSIT) in oldest and money(lang, "150.00") in oldest
    assert texts["funds.balanceAfter"].replace("{amount}", money(lang, "0.00")) in newest
    shot(page, "wallet-fundsRecords-flow")
    page.locator(".adm-tabs-tab", has_text=texts["funds.recharge"]).click()
    page.wait_for_url(f"{base_url}/fundsRecords?type=recharge")
    page.get_by_test_id("bill-line").first.get_by_text(label(lang, EntryKind.DEPOSIT)).wait_for()
    assert page.get_by_test_id("bill-line").count() == 1
    shot(page, "wallet-fundsRecords-recharge")

    open_app(page, base_url, "/my")
    card = page.get_by_test_id("wallet-card")
    card.get_by_text(money(lang, "0.00")).first.wait_for()


def test_level_upgrade_pays_the_difference(page, base_url, wallet_setup):
    from apps.shop import demo as shop_demo
    from apps.shop.models import Level
    from apps.wallet.constants import EntryKind
    from apps.wallet.selectors import available_balance

    merchant = wallet_setup
    shop_demo.seed(io.StringIO())
    level1, level2 = Level.objects.order_by("rank")[:2]
    merchant.level = level1
    merchant.save(update_fields=["level"])
    fund(merchant, "1000.00")
    cost = level2.upgrade_price - level1.upgrade_price
    texts = catalogue("en")

    sign_in(page, base_url, merchant, "en")
    open_app(page, base_url, "/level")
    button = page.get_by_test_id(f"level-upgrade-{level2.pk}")
    assert f"{cost:.2f}" in button.inner_text().replace(",", "")
    assert page.get_by_test_id(f"level-upgrade-{level1.pk}").count() == 0  # the current level has no action
    button.click()
    assert f"{cost:.2f}" in page.locator(".adm-dialog-content").inner_text().replace(",", "")
    shot(page, "wallet-level-confirm")
    tap(page.locator(".adm-dialog-button", has_text=texts["common.confirm"]))
    type_pay_password(page, amount=f"{cost:,.2f}", shot_as="wallet-level-pay-password")
    wait_toast(page)
    merchant.refresh_from_db()
    assert merchant.level_id == level2.pk
    assert available_balance(merchant=merchant) == Decimal("1000.00") - cost

    open_app(page, base_url, "/fundsRecords")
    page.get_by_test_id("bill-line").first.get_by_text(label("en", EntryKind.LEVEL_UPGRADE)).wait_for()


def test_withdraw_retried_after_a_lost_answer_moves_money_once(page, base_url, wallet_setup):
    """The first submit reaches the server but its answer is lost; the merchant submits again with the same
    Idempotency-Key (useMoneyMutation) and gets the first one's result: one withdrawal, the balance moved once."""
    from apps.wallet.constants import AccountKind, EntryKind
    from apps.wallet.models import JournalLine, Withdrawal
    from apps.wallet.selectors import available_balance

    merchant = wallet_setup
    fund(merchant, "500.00")
    texts = catalogue("en")
    keys: list[str] = []

    def lose_first_answer(route):
        if route.request.method != "POST":
            route.fallback()  # the form and the fee preview
            return
        keys.append(route.request.headers["idempotency-key"])
        if len(keys) > 1:
            route.fallback()
            return
        route.fetch()  # the server really does it...
        route.abort("connectionreset")  # ...and the browser never sees its answer

    sign_in(page, base_url, merchant, "en")
    page.route("**/merchant/merchant/extract", lose_first_answer)
    usable_destination(merchant)
    open_app(page, base_url, "/withdraw")
    page.get_by_test_id("destination-option").first.wait_for()
    page.get_by_placeholder(texts["wallet.amountPlaceholder"]).fill("100")
    page.get_by_test_id("fee-preview").get_by_text("97.00").wait_for()
    tap(page.get_by_role("button", name=texts["withdraw.submit"]))
    type_pay_password(page, amount="100.00")
    wait_toast(page, texts["money.noAnswer"])
    shot(page, "wallet-withdraw-answer-lost")
    assert page.url == f"{base_url}/withdraw"  # still on the form, filled in
    assert Withdrawal.objects.filter(merchant=merchant).count() == 1  # the lost request did go through

    page.locator(".adm-toast-main").wait_for(state="detached")
    tap(page.get_by_role("button", name=texts["withdraw.submit"]))
    type_pay_password(page, amount="100.00")
    page.wait_for_url(f"{base_url}/withdrawRecord")
    wait_toast(page)
    page.get_by_test_id("withdrawal-record").first.wait_for()
    shot(page, "wallet-withdraw-retried")

    assert Withdrawal.objects.filter(merchant=merchant).count() == 1
    withdrawal = Withdrawal.objects.get(merchant=merchant)
    assert (withdrawal.amount, withdrawal.fee) == (Decimal("100.00"), Decimal("3.00"))
    assert page.get_by_test_id("withdrawal-record").count() == 1
    assert withdrawal.number in page.get_by_test_id("withdrawal-record").first.inner_text()
    # The ledger: one withdrawal entry, 100.00 moved once from available to held.
    lines = JournalLine.objects.filter(account__merchant=merchant, entry__kind=EntryKind.WITHDRAWAL)
    assert {(line.account.kind, line.amount) for line in lines} == {
        (AccountKind.AVAILABLE, Decimal("-100.00")),
        (AccountKind.HELD, Decimal("100.00")),
    }
    assert lines.count() == 2
    assert available_balance(merchant=merchant) == Decimal("400.00")
    assert len(keys) == 2 and keys[0] == keys[1]  # the retry sent the first submit's Idempotency-Key

    # My shows the held amount for what it is: a withdrawal in review.
    open_app(page, base_url, "/my")
    held = page.get_by_test_id("wallet-card").locator(".wallet-card-figure", has_text=texts["wallet.heldAmount"])
    held.get_by_text("100.00").wait_for()


@pytest.fixture
def wallet_history(wallet_setup):
    """A merchant with money, an approved and a rejected deposit, a pending one, and a withdrawal in review."""
    from apps.shop import demo as shop_demo
    from apps.shop.models import Level
    from apps.wallet import services

    merchant = wallet_setup
    shop_demo.seed(io.StringIO())
    merchant.level = Level.objects.order_by("rank").first()
    merchant.save(update_fields=["level"])
    fund(merchant, "1250.00")
    rejected = services.deposit_create(
        merchant=merchant,
        method="bank",
        amount=Decimal("80.00"),
        payer_name="A",
        card_number="4000 1234",
        bank_name="Bank",
    )
    services.deposit_reject(deposit_id=rejected.pk, operator=None, reason="The transfer did not arrive.")
    services.deposit_create(
        merchant=merchant,
        method="chain",
        amount=Decimal("300.00"),
        network_code="USDT-TRC20",
        voucher_key=_voucher_key(merchant),
    )
    # A destination that existed before: usable at once (the cooling-off is tests/wallet/test_destinations.py's).
    with override_settings(PAYOUT_COOLING_OFF_HOURS=0):
        services.withdrawal_create(
            merchant=merchant,
            pay_password=DEFAULT_PAY_PASSWORD,
            method="bank",
            amount=Decimal("200.00"),
            full_name="Alex Merchant",
            account="6222 0000 9876 5432",
            bank_name="Demo Bank",
        )
    return merchant


def _voucher_key(merchant) -> str:
    from tests.factories import upload_image

    return upload_image(kind="voucher", owner=merchant).key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wallet_screens_in_every_language(page, base_url, wallet_history, lang):
    texts = catalogue(lang)
    sign_in(page, base_url, wallet_history, lang)

    open_app(page, base_url, "/my")
    page.get_by_test_id("wallet-card").get_by_text(texts["wallet.totalIncome"]).wait_for()
    shot(page, "wallet-my")

    open_app(page, base_url, "/recharge")
    for message_id in ("recharge.chain", "recharge.manual", "recharge.records"):
        assert list_item(page, texts[message_id]).is_visible(), message_id
    shot(page, "wallet-recharge")

    open_app(page, base_url, "/walletRecharge")
    assert list_item(page, "USDT-ERC20").is_visible()
    shot(page, "wallet-walletRecharge")

    open_app(page, base_url, "/blockchainRecharge?network=USDT-ERC20")
    assert page.get_by_test_id("deposit-address").inner_text().startswith("0x7CdA")
    assert_amount_in(page.get_by_test_id("deposit-maximum").inner_text(), texts["recharge.maximum"], "1000000.00")
    shot(page, "wallet-blockchainRecharge")

    open_app(page, base_url, "/bankCardRecharge")
    assert page.get_by_test_id("bank-account-number").inner_text() == "6222 0000 1234 5678"
    assert_amount_in(page.get_by_test_id("deposit-maximum").inner_text(), texts["recharge.maximum"], "1000000.00")
    tap(page.get_by_role("button", name=texts["recharge.submit"]))
    assert field_error(page, texts["recharge.nameRequired"]).is_visible()
    shot(page, "wallet-bankCardRecharge")

    open_app(page, base_url, "/rechargeRecord")
    page.get_by_test_id("deposit-record").nth(2).wait_for()
    shot(page, "wallet-rechargeRecord")

    open_app(page, base_url, "/withdraw")
    page.get_by_test_id("destination-option").first.wait_for()  # the bank card withdrawn to, picked
    page.get_by_placeholder(texts["wallet.amountPlaceholder"]).fill("100")
    page.get_by_test_id("fee-preview").get_by_text(money(lang, "3.00")).wait_for()
    assert_amount_in(page.get_by_test_id("withdraw-maximum").inner_text(), texts["withdraw.maximum"], "500000.00")
    shot(page, "wallet-withdraw")

    open_app(page, base_url, "/withdrawRecord")
    page.get_by_test_id("withdrawal-record").first.wait_for()
    shot(page, "wallet-withdrawRecord")

    open_app(page, base_url, "/fundsRecords")
    page.get_by_test_id("bill-line").nth(1).wait_for()
    shot(page, "wallet-fundsRecords")

    open_app(page, base_url, "/level")
    page.locator(".wallet-upgrade").first.wait_for()
    shot(page, "wallet-level")
