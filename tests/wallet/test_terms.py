"""Attacks 2 and 4 of issue 32 on the wallet's terms, as an operator makes them in the console over HTTP: the
withdrawal fee rule, the deposit networks (their addresses) and the bank deposit details are versions, never edited in
place, within the bounds of the settings, announced to every merchant and in force only after the notice period;
the merchant's screens answer with the version in force."""

from datetime import UTC, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.conf import settings
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import timezone

from apps.support.models import Broadcast, Notice
from apps.wallet import services
from apps.wallet.models import BankDepositDetails, Deposit, DepositNetwork, WithdrawalFeeRule
from tests.answers import data, queries
from tests.factories import DEFAULT_PAY_PASSWORD, DepositNetworkFactory, MerchantFactory, fund, upload_image
from tests.helpers import admin_as

from .conftest import ERC20_ADDRESS, TRC20_ADDRESS

NEW_TRC20_ADDRESS = "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf"
EXTRACT = "/merchant/merchant/extract"
DEPOSIT_OPTIONS = "/merchant/merchant/getBlockchain"
MESSAGES = "/merchant/index/notice"


@pytest.fixture
def console(client, django_user_model):
    """An operator holding every permission Django has on the wallet's terms (add, view, change, delete): the most
    any role could be given."""
    user = django_user_model.objects.create_user("terms", "terms@example.com", "Operator-pass-2026", is_staff=True)
    user.user_permissions.set(
        Permission.objects.filter(
            content_type__app_label="wallet",
            content_type__model__in=["withdrawalfeerule", "depositnetwork", "bankdepositdetails"],
        )
    )
    return admin_as(client, user)


@pytest.fixture
def rule_in_force(db):
    return WithdrawalFeeRule.objects.create(
        fixed_fee=Decimal("1.00"),
        percent_fee=Decimal("2.00"),
        minimum=Decimal("10.00"),
        effective_from=timezone.now() - timedelta(days=30),
    )


def start(moment):
    """The admin's date and time fields of `effective_from`."""
    return {"effective_from_0": moment.strftime("%Y-%m-%d"), "effective_from_1": moment.strftime("%H:%M:%S")}


def in_days(days, **more):
    return (timezone.now() + timedelta(days=days, **more)).replace(microsecond=0)


def announced(moment):
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def rule_form(moment, **fields):
    return {
        "fixed_fee": "1.00",
        "percent_fee": "2.00",
        "minimum": "10.00",
        "change_note": "",
        **start(moment),
        **fields,
    }


def network_form(network, moment, **fields):
    values = {
        name: getattr(network, name)
        for name in ("code", "currency", "address_format", "address", "token_contract", "rpc_url", "minimum")
    }
    values.update(confirmations=network.confirmations, sort=network.sort, change_note="")
    values.update({flag: "on" for flag in ("auto_verify", "is_active") if getattr(network, flag)})
    return {**values, **start(moment), **fields}


def errors(response):
    assert response.status_code == 200, response.status_code  # the form again, with what is wrong
    form = response.context["adminform"].form
    return {field: " ".join(messages) for field, messages in form.errors.items()}


def test_an_operator_cannot_edit_the_fee_rule_in_place(console, rule_in_force):
    """Attack 2: the rule in force was edited to 1.00 + 100 %. No edit is possible at all, whatever the operator's
    permissions: the page is read-only, a hand-made POST is refused, and there is no delete (one by one or in bulk)."""
    change = reverse("admin:wallet_withdrawalfeerule_change", args=[rule_in_force.pk])
    page = console.get(change)
    assert page.status_code == 200 and b'name="_save"' not in page.content
    attack = rule_form(in_days(-30), percent_fee="100.00")
    assert console.post(change, attack).status_code == 403
    delete = reverse("admin:wallet_withdrawalfeerule_delete", args=[rule_in_force.pk])
    assert console.post(delete, {"post": "yes"}).status_code == 403
    listing = console.get(reverse("admin:wallet_withdrawalfeerule_changelist"))
    assert b"delete_selected" not in listing.content and b'name="form-0-' not in listing.content  # nothing editable
    bulk = {"action": "delete_selected", "_selected_action": [rule_in_force.pk], "post": "yes"}
    console.post(reverse("admin:wallet_withdrawalfeerule_changelist"), bulk)
    assert list(WithdrawalFeeRule.objects.values_list("fixed_fee", "percent_fee")) == [
        (Decimal("1.00"), Decimal("2.00"))
    ]


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"fixed_fee": "1.00", "percent_fee": "100.00"}, "percent_fee"),  # every withdrawal refused
        ({"minimum": "1000000.00"}, "minimum"),  # nobody can reach the minimum
        ({"fixed_fee": "500.00"}, "fixed_fee"),
    ],
)
def test_a_rule_that_blocks_withdrawals_is_refused_by_the_bounds(
    console, rule_in_force, merchant, django_capture_on_commit_callbacks, fields, field
):
    """Attack 2: a 100 % fee or a huge minimum, announced properly, is still refused: the bounds are settings."""
    with django_capture_on_commit_callbacks(execute=True):
        response = console.post(reverse("admin:wallet_withdrawalfeerule_add"), rule_form(in_days(8), **fields))
    assert "the bound set for the platform" in errors(response)[field]
    assert list(WithdrawalFeeRule.objects.all()) == [rule_in_force]
    assert not Broadcast.objects.exists() and not Notice.objects.exists()


def test_a_new_fee_rule_is_announced_to_every_merchant_and_applies_only_after_the_notice_period(
    console, rule_in_force, api, django_capture_on_commit_callbacks
):
    """Attack 4 on the fee rule: a valid new rule cannot apply at once; announced 7 days ahead it is accepted, every
    merchant is told in their language, and the withdraw screen keeps the rule in force until the new one starts."""
    english, russian, chinese = MerchantFactory(), MerchantFactory(), MerchantFactory()
    fund(english, "100.00")
    add = reverse("admin:wallet_withdrawalfeerule_add")
    cheaper = {"fixed_fee": "0.50", "percent_fee": "1.00", "change_note": "Lower fees"}
    with django_capture_on_commit_callbacks(execute=True):
        now = console.post(add, rule_form(in_days(0, minutes=1), **cheaper))
    earliest = errors(now)["effective_from"]
    assert f"New terms apply at least {settings.TERMS_NOTICE_DAYS} days after they are announced" in earliest
    assert WithdrawalFeeRule.objects.count() == 1 and not Broadcast.objects.exists()

    moment = in_days(settings.TERMS_NOTICE_DAYS, hours=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert console.post(add, rule_form(moment, **cheaper)).status_code == 302
    new = WithdrawalFeeRule.objects.latest("effective_from")
    assert (new.effective_from, new.change_note, new.announced_by.username) == (moment, "Lower fees", "terms")
    assert Notice.objects.filter(broadcast__isnull=False).count() == 3  # every merchant
    for merchant, lang, title in (
        (english, "en", f"Withdrawal fees change on {announced(moment)}"),
        (russian, "ru-RU", f"Комиссии за вывод средств меняются {announced(moment)}"),
        (chinese, "zh-CN", f"提现手续费将于 {announced(moment)} 变更"),
    ):
        api.login_as(merchant).lang = lang
        newest = data(api.get(MESSAGES))["list"][0]
        assert newest["title"] == title

    api.login_as(english).lang = "en"
    form = data(api.get(EXTRACT, {"amount": "50"}))
    assert (form["fee_fixed"], form["fee_percent"], form["preview"]["fee"]) == ("1.00", "2.00", "2.00")
    with time_machine.travel(moment + timedelta(minutes=1)):
        form = data(api.get(EXTRACT, {"amount": "50"}))
        assert (form["fee_fixed"], form["fee_percent"], form["preview"]["fee"]) == ("0.50", "1.00", "1.00")
        withdrawal = services.withdrawal_create(
            merchant=english,
            pay_password=DEFAULT_PAY_PASSWORD,
            method="bank",
            amount=Decimal("50"),
            full_name="Ann Lee",
            account="6222 0000 1111 2222",
            bank_name="Good Bank",
        )
        assert (withdrawal.fee, withdrawal.actual_amount) == (Decimal("1.00"), Decimal("49.00"))


def test_a_new_network_address_is_a_new_version_announced_and_shown_only_once_in_force(
    console, api, merchant, django_capture_on_commit_callbacks
):
    """Attack 4 on deposit addresses: changing a network's address is a new version (from the "new version" link),
    announced and in force after the notice period; the deposit screen shows the address in force, and a deposit made
    before keeps the version (the address) it was made to."""
    first = DepositNetworkFactory(effective_from=timezone.now() - timedelta(days=30))
    page = console.get(reverse("admin:wallet_depositnetwork_change", args=[first.pk])).content.decode()
    assert f"{reverse('admin:wallet_depositnetwork_add')}?copy={first.pk}" in page
    api.login_as(merchant)
    deposit = data(
        api.post(
            "/merchant/merchant/recharge",
            {"type": "chain", "network": first.code, "amount": "50.00", "voucher": _voucher(merchant)},
        )
    )
    add = reverse("admin:wallet_depositnetwork_add")
    at_once = console.post(add, network_form(first, in_days(0, minutes=1), address=NEW_TRC20_ADDRESS))
    assert "New terms apply at least" in errors(at_once)["effective_from"]
    wrong = console.post(add, network_form(first, in_days(8), address=ERC20_ADDRESS))
    assert errors(wrong)["address"] == "This is not a valid USDT-TRC20 address."
    moment = in_days(settings.TERMS_NOTICE_DAYS, hours=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert console.post(add, network_form(first, moment, address=NEW_TRC20_ADDRESS)).status_code == 302
    assert Broadcast.objects.get().title_en == f"Deposit networks and addresses change on {announced(moment)}"
    assert (
        NEW_TRC20_ADDRESS not in Broadcast.objects.get().content_en
    )  # the address is shown on the deposit screen only
    assert [n["address"] for n in data(api.get(DEPOSIT_OPTIONS))["networks"]] == [TRC20_ADDRESS]
    with time_machine.travel(moment + timedelta(minutes=1)):
        assert [n["address"] for n in data(api.get(DEPOSIT_OPTIONS))["networks"]] == [NEW_TRC20_ADDRESS]
        assert (
            "Replaced" in console.get(reverse("admin:wallet_depositnetwork_change", args=[first.pk])).content.decode()
        )
    assert Deposit.objects.get(pk=deposit["id"]).network.address == TRC20_ADDRESS
    assert DepositNetwork.objects.count() == 2  # the first version is kept as it was


def test_retiring_a_bank_account_is_a_version_announced_before_it_applies(
    console, api, merchant, django_capture_on_commit_callbacks
):
    main = BankDepositDetails.objects.create(
        label="main",
        bank_name="Demo Bank",
        account_name="Marketplace Ltd",
        account_number="6222 0000 1234 5678",
        effective_from=timezone.now() - timedelta(days=30),
    )
    form = {
        "label": "main",
        "bank_name": "Demo Bank",
        "account_name": "Marketplace Ltd",
        "account_number": "6222 0000 1234 5678",
        "branch": "",
        "note": "",
        "change_note": "Account closed",
    }
    add = reverse("admin:wallet_bankdepositdetails_add")
    pushed = console.post(
        add, {**form, "note": f"Or send USDT to {ERC20_ADDRESS}", "is_active": "on", **start(in_days(8))}
    )
    assert errors(pushed)["note"] == "Bank details cannot contain a chain address."
    moment = in_days(settings.TERMS_NOTICE_DAYS, hours=2)
    with django_capture_on_commit_callbacks(execute=True):
        assert console.post(add, {**form, **start(moment)}).status_code == 302  # "active" unticked
    assert Broadcast.objects.get().title_en == f"Bank deposit details change on {announced(moment)}"
    api.login_as(merchant)
    assert [b["account_number"] for b in data(api.get(DEPOSIT_OPTIONS))["banks"]] == [main.account_number]
    with time_machine.travel(moment + timedelta(minutes=1)):
        assert data(api.get(DEPOSIT_OPTIONS))["banks"] == []


def test_a_change_of_the_chain_node_only_applies_at_once_unannounced(console, django_capture_on_commit_callbacks):
    """The node the platform reads the chain from is its own working, not a merchant's term."""
    first = DepositNetworkFactory(effective_from=timezone.now() - timedelta(days=30))
    with django_capture_on_commit_callbacks(execute=True):
        response = console.post(
            reverse("admin:wallet_depositnetwork_add"),
            network_form(first, in_days(0), rpc_url="https://node.example.com"),
        )
    assert response.status_code == 302
    assert DepositNetwork.objects.in_force().get().rpc_url == "https://node.example.com"
    assert not Broadcast.objects.exists()


def test_the_deposit_and_withdraw_screens_read_the_terms_in_a_constant_number_of_queries(api, merchant):
    def versions(count, **fields):
        first = DepositNetworkFactory(effective_from=timezone.now() - timedelta(days=40), **fields)
        for n in range(1, count):
            values = {f.name: getattr(first, f.name) for f in DepositNetwork._meta.concrete_fields if f.name != "id"}
            DepositNetwork.objects.create(**{**values, "effective_from": timezone.now() - timedelta(days=40 - n)})
        BankDepositDetails.objects.create(
            label=f"{first.code.lower()}-{count}",
            bank_name="Bank",
            account_name="Ltd",
            account_number="1234",
            effective_from=timezone.now() - timedelta(days=count),
        )

    api.login_as(merchant)
    versions(1)
    WithdrawalFeeRule.objects.create(effective_from=timezone.now() - timedelta(days=3))
    few = (queries(lambda: api.get(DEPOSIT_OPTIONS)), queries(lambda: api.get(EXTRACT)))
    versions(4, code="USDT-ERC20", address_format="evm", address=ERC20_ADDRESS)
    versions(3, code="USDC-ERC20", address_format="evm", address=ERC20_ADDRESS)
    WithdrawalFeeRule.objects.create(effective_from=timezone.now() - timedelta(days=2))
    many = (queries(lambda: api.get(DEPOSIT_OPTIONS)), queries(lambda: api.get(EXTRACT)))
    assert few == many
    shown = data(api.get(DEPOSIT_OPTIONS))
    assert len(shown["networks"]) == 3 and len(shown["banks"]) == 3


def _voucher(merchant):
    return upload_image(kind="voucher", owner=merchant).key
