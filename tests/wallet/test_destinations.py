"""Payout destinations and their cooling-off (docs/security.md): over HTTP, with the time moved by time_machine."""

import base64
from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.utils import timezone, translation
from django.utils.translation import gettext

from apps.accounts.models import Merchant
from apps.accounts.services.factors import totp
from apps.core.i18n import django_lang
from apps.support.models import Notice
from apps.wallet.constants import DestinationConfirmation
from apps.wallet.models import JournalEntry, PayoutDestination, Withdrawal
from apps.wallet.selectors import wallet_summary
from tests.factories import DEFAULT_PAY_PASSWORD

from .conftest import TRC20_ADDRESS

LIST = "/merchant/merchant/destinations"
ADD = "/merchant/merchant/destination_add"
REMOVE = "/merchant/merchant/destination_remove"
CONFIRM = "/merchant/merchant/destination_confirm"
EXTRACT = "/merchant/merchant/extract"
CARD = "6222 0000 1111 2222"
BANK = {"method": "bank", "full_name": "Ann Lee", "bank_name": "Good Bank", "account": CARD}
TOTP_KEY = base64.b32encode(b"0123456789abcdefghij").decode()


@pytest.fixture(autouse=True)
def _published_wait(_destinations_usable_at_once, settings):
    settings.PAYOUT_COOLING_OFF_HOURS = 24


def _later(**delta):
    return time_machine.travel(timezone.now() + timedelta(**delta), tick=False)


def _withdraw(api, **fields):
    return api.post(EXTRACT, {"amount": "20.00", "pay_password": DEFAULT_PAY_PASSWORD, **fields}).json()


def _add(api, **fields):
    body = api.post(ADD, {**BANK, **fields}).json()
    assert body["code"] == 1, body
    return body["data"]


def _second_factor_on(merchant):
    Merchant.objects.filter(pk=merchant.pk).update(totp_key=TOTP_KEY, totp_confirmed_at=timezone.now())


def _code():
    return f"{totp(TOTP_KEY).token():06d}"


def test_a_new_destination_waits_the_published_hours_then_takes_withdrawals(
    merchant_api, funded, django_capture_on_commit_callbacks
):
    listed = merchant_api.get(LIST).json()["data"]
    assert (listed["cooling_off_hours"], listed["second_factor_enabled"], listed["list"]) == (24, False, [])
    with django_capture_on_commit_callbacks(execute=True):
        added = _add(merchant_api)
    assert (added["name"], added["account"], added["usable"]) == ("Good Bank •••• 2222", "•••• 2222", False)
    assert added["confirmed_with"] == "waited"
    # Told in the app and by mail, with the name, the last digits and from when.
    notice = Notice.objects.get(merchant=funded, title="Payout destination added")
    assert notice.params["account"] == "•••• 2222" and notice.params["date"].endswith("UTC")
    with translation.override(django_lang(funded.language)):  # the mail is in the merchant's language
        assert [m.subject for m in mail.outbox] == [gettext("Payout destination added")]

    refused = _withdraw(merchant_api, destination=added["id"])
    assert refused["code"] == 0 and "can be used from" in refused["msg"], refused
    assert refused["data"]["destination"] == added["id"]
    assert not Withdrawal.objects.exists() and wallet_summary(merchant=funded)["balance"] == "100.00"
    funded.refresh_from_db()
    assert funded.pay_password_failures == 0  # refused before the payment password: no try spent

    with _later(hours=23, minutes=59):
        assert _withdraw(merchant_api, destination=added["id"])["code"] == 0
    with _later(hours=24, seconds=1):
        assert merchant_api.get(LIST).json()["data"]["list"][0]["usable"] is True
        done = _withdraw(merchant_api, destination=added["id"])
        assert done["code"] == 1, done
        # The record shows the destination by its name and last digits, never the whole card number.
        assert done["data"]["destination"] == {"id": added["id"], "name": "Good Bank •••• 2222", "account": "•••• 2222"}
        again = _withdraw(merchant_api, **BANK)  # the same raw fields: the usable destination, no new wait
        assert again["code"] == 1, again
    record = merchant_api.get("/merchant/merchant/extract_log").json()["data"]["list"][0]
    assert record["destination"]["account"] == "•••• 2222" and CARD not in str(record)
    assert PayoutDestination.objects.count() == 1


def test_new_raw_fields_add_a_waiting_destination_and_refuse_saying_until_when(merchant_api, funded, trc20):
    body = _withdraw(merchant_api, method="chain", network="USDT-TRC20", full_name="Ann", account=TRC20_ADDRESS)
    assert body["code"] == 0
    destination = PayoutDestination.objects.get()
    assert body["data"]["destination"] == destination.pk
    assert destination.usable_from.strftime("%Y-%m-%d %H:%M UTC") in body["msg"]
    assert destination.name == "USDT-TRC20 …E5Lt" and destination.account_shown == "TJbM8y…E5Lt"
    assert not Withdrawal.objects.exists() and not JournalEntry.objects.filter(kind="withdrawal").exists()
    zh = merchant_api.post(
        EXTRACT,
        {"destination": destination.pk, "amount": "20.00", "pay_password": DEFAULT_PAY_PASSWORD},
        HTTP_LANG="zh-CN",
    ).json()
    assert zh["code"] == 0 and "UTC" in zh["msg"] and "can be used" not in zh["msg"]  # translated


def test_confirming_with_the_second_factor_makes_it_usable_at_once(merchant_api, funded):
    added = _add(merchant_api)
    refused = merchant_api.post(CONFIRM, {"id": added["id"], "code": "123456"}).json()
    assert refused["code"] == 0 and "Turn on two-step sign-in" in refused["msg"]
    _second_factor_on(funded)
    wrong = merchant_api.post(CONFIRM, {"id": added["id"], "code": "000000"}).json()
    assert wrong["code"] == 0 and wrong["data"]["errors"]["code"] and wrong["data"]["tries_left"] == 4
    funded.refresh_from_db()
    assert funded.pay_password_failures == 1  # counted
    assert PayoutDestination.objects.get().usable_from > timezone.now()
    confirmed = merchant_api.post(CONFIRM, {"id": added["id"], "code": _code()}).json()
    assert confirmed["code"] == 1, confirmed
    assert (confirmed["data"]["usable"], confirmed["data"]["confirmed_with"]) == (True, "second_factor")
    assert Notice.objects.filter(merchant=funded, title="Payout destination confirmed").exists()
    assert _withdraw(merchant_api, destination=added["id"])["code"] == 1


def test_removing_during_the_wait_and_changing_a_field_means_a_new_wait(merchant_api, funded):
    first = _add(merchant_api)
    assert merchant_api.post(REMOVE, {"id": first["id"]}).json()["code"] == 1
    assert merchant_api.get(LIST).json()["data"]["list"] == []
    assert Notice.objects.filter(merchant=funded, title="Payout destination removed").exists()
    assert _withdraw(merchant_api, destination=first["id"])["code"] == 0
    with _later(hours=25):
        assert _withdraw(merchant_api, destination=first["id"])["code"] == 0  # removed stays unusable
        usable = _add(merchant_api)
    with _later(hours=50):
        same = _add(merchant_api)  # the same fields: the same destination, still usable
        assert (same["id"], same["usable"]) == (usable["id"], True)
        changed = _add(merchant_api, full_name="Someone Else")  # any field changed: a new one, waiting
        assert changed["id"] != usable["id"] and changed["usable"] is False
        assert PayoutDestination.objects.get(pk=usable["id"]).removed_at is not None
        assert _withdraw(merchant_api, destination=usable["id"])["code"] == 0
        assert _withdraw(merchant_api, destination=changed["id"])["code"] == 0
    assert Withdrawal.objects.count() == 0


def test_a_hold_after_a_reset_refuses_every_withdrawal_until_it_ends(merchant_api, funded):
    destination = PayoutDestination.objects.get(pk=_add(merchant_api)["id"])
    PayoutDestination.objects.filter(pk=destination.pk).update(usable_from=timezone.now() - timedelta(days=3))
    held = timezone.now() + timedelta(hours=24)
    Merchant.objects.filter(pk=funded.pk).update(withdrawals_held_until=held)
    body = _withdraw(merchant_api, destination=destination.pk)
    assert body["code"] == 0 and held.strftime("%Y-%m-%d %H:%M UTC") in body["msg"]
    assert not Withdrawal.objects.exists()
    with _later(hours=25):
        assert _withdraw(merchant_api, destination=destination.pk)["code"] == 1


def test_another_merchants_destination_answers_as_missing(merchant_api, funded, other_merchant, api):
    mine = _add(merchant_api)
    theirs = api.login_as(other_merchant)
    for path, payload in ((REMOVE, {"id": mine["id"]}), (CONFIRM, {"id": mine["id"], "code": "123456"})):
        body = theirs.post(path, payload).json()
        assert (body["code"], body["msg"]) == (0, "This payout destination does not exist.")
    assert theirs.get(LIST).json()["data"]["list"] == []
    assert _withdraw(theirs, destination=mine["id"])["code"] == 0
    assert PayoutDestination.objects.get().removed_at is None


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"account": "12ab"}, "account"),
        ({"bank_name": ""}, "bank_name"),
        ({"full_name": ""}, "full_name"),
        ({"method": "cash"}, "method"),
        ({"name": "x" * 65}, "name"),
        ({"method": "chain", "network": "USDT-TRC20", "account": "0x12"}, "network"),
    ],
)
def test_bad_input_is_refused_on_its_field_and_adds_nothing(merchant_api, funded, payload, field):
    body = merchant_api.post(ADD, {**BANK, **payload}).json()
    assert body["code"] == 0 and field in body["data"]["errors"], body
    assert not PayoutDestination.objects.exists()
    assert not Notice.objects.filter(title__startswith="Payout destination").exists()


def test_at_most_the_bound_of_destinations(merchant_api, funded, settings):
    from apps.wallet.constants import DESTINATIONS_MAX

    for n in range(DESTINATIONS_MAX):
        _add(merchant_api, account=f"6222 0000 1111 {n:04d}")
    body = merchant_api.post(ADD, {**BANK, "account": "6222 0000 9999 9999"}).json()
    assert body["code"] == 0 and str(DESTINATIONS_MAX) in body["msg"]
    assert PayoutDestination.objects.count() == DESTINATIONS_MAX


@pytest.mark.parametrize("rows", [1, 6])
def test_the_list_and_the_records_read_in_constant_queries(merchant_api, funded, rows, django_assert_num_queries):
    for n in range(rows):
        added = _add(merchant_api, account=f"6222 0000 1111 {n:04d}")
        PayoutDestination.objects.filter(pk=added["id"]).update(usable_from=timezone.now())
        assert _withdraw(merchant_api, destination=added["id"], amount="10.00")["code"] == 1
    with django_assert_num_queries(3):  # the session with its merchant, whether it has a passkey, the list
        assert len(merchant_api.get(LIST).json()["data"]["list"]) == rows
    with django_assert_num_queries(3):  # session, count, the page with networks and destinations
        assert merchant_api.get("/merchant/merchant/extract_log").json()["data"]["total"] == rows


def test_confirmed_with_is_recorded(merchant_api, funded):
    added = _add(merchant_api)
    _second_factor_on(funded)
    merchant_api.post(CONFIRM, {"id": added["id"], "code": _code()})
    assert PayoutDestination.objects.get().confirmed_with == DestinationConfirmation.SECOND_FACTOR
