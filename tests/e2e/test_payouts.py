"""Browser test of payout destinations (issue 36) at 390x844: a new destination added on the withdraw screen waits
the published cooling-off (shown in words, and as "Usable from …" on the picker and the destinations screen), and is
removed during the wait. Screenshots: tests/e2e/artifacts/<lang>/payouts-*.png."""

from decimal import Decimal

import pytest

from tests.e2e.conftest import catalogue, open_app, shot, sign_in, tap, wait_toast
from tests.factories import DepositNetworkFactory, WithdrawalFeeRuleFactory, fund

ADDRESS = "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf"


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_a_new_destination_waits_then_is_removed(page, base_url, merchant, settings, lang):
    from apps.wallet.models import PayoutDestination

    settings.PAYOUT_COOLING_OFF_HOURS = 24
    DepositNetworkFactory(code="USDT-TRC20", minimum=Decimal("10.00"))
    WithdrawalFeeRuleFactory(fixed_fee=Decimal("1.00"), percent_fee=Decimal("2.00"), minimum=Decimal("10.00"))
    fund(merchant, "100.00")
    texts = catalogue(lang)
    sign_in(page, base_url, merchant, lang)
    open_app(page, base_url, "/withdraw")

    # No destination yet: "Add a destination" is picked, with the cooling-off in words.
    cooling = page.get_by_test_id("cooling-off")
    cooling.wait_for()
    assert "24" in cooling.inner_text()
    page.get_by_placeholder(texts["withdraw.fullNamePlaceholder"]).fill("Alex Merchant")
    page.locator("input[inputmode=text]").last.fill(ADDRESS)
    shot(page, "payouts-withdraw-add")
    tap(page.get_by_test_id("destination-save"))
    wait_toast(page)
    destination = PayoutDestination.objects.get(merchant=merchant)
    assert destination.usable_from > destination.created_at

    # The picker shows it waiting ("Usable from …"), disabled; the amount stays hidden until a usable one is picked.
    option = page.locator(".adm-selector-item", has=page.get_by_test_id("destination-option"))
    option.get_by_test_id("destination-status").wait_for()
    assert "adm-selector-item-disabled" in (option.get_attribute("class") or "")
    assert texts["destinations.usableFrom"].split("{")[0].strip() in option.inner_text()
    shot(page, "payouts-withdraw-waiting")

    # The destinations screen: its status, then Remove (asked first).
    tap(page.get_by_test_id("destinations-link"))
    page.wait_for_url(f"{base_url}/payoutDestinations")
    item = page.get_by_test_id("destination")
    item.wait_for()
    assert "…AeBf" in item.inner_text() and ADDRESS not in item.inner_text()
    page.get_by_test_id("destinations-turn-on").wait_for()  # two-step sign-in is off: how to skip the wait
    shot(page, "payouts-destinations")
    tap(item.get_by_test_id("destination-remove"))
    page.get_by_test_id("destination-remove-confirm").wait_for()
    shot(page, "payouts-remove-confirm", full_page=False)
    tap(page.locator(".adm-dialog-button", has=page.get_by_test_id("confirm-danger")))
    item.wait_for(state="detached")
    shot(page, "payouts-destinations-empty")
    destination.refresh_from_db()
    assert destination.removed_at is not None
