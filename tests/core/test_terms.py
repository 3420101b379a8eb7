# ruff: noqa: RUF001 - texts in the seven languages
"""Published terms (apps.core.terms), through the wallet's terms models (the withdrawal rule: one thing; deposit
networks: one per code): the version in force is the newest started of each thing, in one query whatever the number
of versions, also in a prepared read that runs at another time than it was compiled; versions are never changed or
deleted; a new one is checked against the bounds and the notice period, announced to every merchant in the seven
languages, and applies at once only when it changes nothing merchants see; TermsAdmin adds versions from a copy and
shows their state, and never changes one."""

import re
from datetime import UTC, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.conf import settings
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation

from apps.core.models import AppendOnlyError
from apps.core.terms import (
    TERMS_MODELS,
    changes_terms,
    earliest_start,
    suggested_start,
    terms_version_add,
)
from apps.support.models import Broadcast
from apps.wallet import selectors
from apps.wallet.models import BankDepositDetails, DepositNetwork, WithdrawalFeeRule
from tests.factories import DepositNetworkFactory, WithdrawalFeeRuleFactory
from tests.helpers import admin_as

pytestmark = pytest.mark.django_db

NOTICE = timedelta(days=settings.TERMS_NOTICE_DAYS)
ERC20_ADDRESS = "0x7CdAc0083bE6D46B328b8410Bcc94000d1dfD6b7"
OTHER_TRC20_ADDRESS = "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf"


def ago(**delta):
    return timezone.now() - timedelta(**delta)


def ahead(**delta):
    return timezone.now() + timedelta(**delta)


def rule(**fields) -> WithdrawalFeeRule:
    values = {"fixed_fee": Decimal("1.00"), "percent_fee": Decimal("1.00"), "minimum": Decimal("10.00")}
    return WithdrawalFeeRule(**{**values, **fields})


def copy_of(version, **changes):
    """An unsaved new version with `version`'s values and `changes` (what the admin's "new version" link starts
    from)."""
    model = type(version)
    fields = {f.name: getattr(version, f.name) for f in model._meta.concrete_fields if f.editable and not f.primary_key}
    fields.pop("effective_from")
    return model(**{**fields, **changes})


def test_the_wallets_terms_are_registered_with_what_merchants_see():
    assert {WithdrawalFeeRule, DepositNetwork, BankDepositDetails} <= set(TERMS_MODELS)
    for model in TERMS_MODELS:
        names = {field.name for field in model._meta.get_fields()}
        assert set(model.terms_fields) <= names and set(model.terms_key) <= names, model
        assert "%(date)s" in model.terms_announcement, model
    # What only the platform's workings use is not a term.
    assert not {"rpc_url", "auto_verify", "sort"} & set(DepositNetwork.terms_fields)


def test_the_version_in_force_is_the_newest_started_of_each_thing():
    trc_old = DepositNetworkFactory(effective_from=ago(days=3))
    trc_now = DepositNetwork.objects.create(
        **{**_fields(trc_old), "address": OTHER_TRC20_ADDRESS, "effective_from": ago(days=1)}
    )
    trc_next = DepositNetwork.objects.create(**{**_fields(trc_old), "minimum": 20, "effective_from": ahead(days=8)})
    erc = DepositNetworkFactory(
        code="USDT-ERC20", address_format="evm", address=ERC20_ADDRESS, effective_from=ago(days=5)
    )
    assert set(DepositNetwork.objects.in_force()) == {trc_now, erc}
    assert set(DepositNetwork.objects.in_force(ago(days=2))) == {trc_old, erc}
    assert set(DepositNetwork.objects.in_force(ahead(days=9))) == {trc_next, erc}
    assert set(DepositNetwork.objects.in_force(ago(days=4))) == {erc}
    assert list(DepositNetwork.objects.upcoming()) == [trc_next]
    # Each row's state in the same query: in force, replaced or announced.
    state = dict(DepositNetwork.objects.with_in_force().values_list("pk", "terms_in_force"))
    assert state == {trc_old.pk: False, trc_now.pk: True, trc_next.pk: False, erc.pk: True}


def _fields(version):
    return {
        f.name: getattr(version, f.name)
        for f in type(version)._meta.concrete_fields
        if not f.primary_key and f.name not in {"announced_by"}
    }


def test_reading_the_terms_in_force_takes_one_query_whatever_the_number_of_versions():
    def versions(code, address, count):
        first = DepositNetworkFactory(code=code, address_format="evm", address=address, effective_from=ago(days=30))
        for n in range(1, count):
            DepositNetwork.objects.create(**{**_fields(first), "minimum": n, "effective_from": ago(days=30 - n)})

    versions("USDT-ERC20", ERC20_ADDRESS, 1)
    with CaptureQueriesContext(connection) as one:
        assert len(selectors.networks_active()) == 1
    versions("USDC-ERC20", ERC20_ADDRESS, 6)
    versions("DAI-ERC20", ERC20_ADDRESS, 4)
    with CaptureQueriesContext(connection) as many:
        shown = selectors.networks_active()
    assert len(one) == len(many) == 1
    assert {(n["code"], n["minimum"]) for n in shown} == {
        ("USDT-ERC20", Decimal("10.00")),
        ("USDC-ERC20", Decimal("5.00")),
        ("DAI-ERC20", Decimal("3.00")),
    }


def test_a_retired_thing_has_no_version_in_force_even_when_an_older_one_was_active():
    active = DepositNetworkFactory(effective_from=ago(days=2))
    DepositNetwork.objects.create(**{**_fields(active), "is_active": False, "effective_from": ago(days=1)})
    assert not DepositNetwork.objects.filter(is_active=True).in_force().exists()
    assert not DepositNetwork.objects.in_force().filter(is_active=True).exists()
    assert selectors.networks_active() == []
    assert selectors.networks_active(ago(hours=36))[0]["code"] == active.code  # as it was before


def test_a_prepared_read_answers_at_the_time_it_runs_not_the_time_it_was_compiled():
    WithdrawalFeeRuleFactory(fixed_fee=Decimal("1.00"), effective_from=ago(days=1))
    WithdrawalFeeRuleFactory(fixed_fee=Decimal("2.00"), effective_from=ahead(days=7))
    assert selectors.fee_rule_current().fixed == Decimal("1.00")  # compiled now
    with time_machine.travel(ahead(days=7, minutes=1)):
        assert selectors.fee_rule_current().fixed == Decimal("2.00")
    assert selectors.fee_rule_current(ago(hours=1)).fixed == Decimal("1.00")
    assert selectors.fee_rule_current(ago(days=2)).minimum == Decimal("10.00")  # before any rule: the defaults


def test_a_version_is_never_changed_or_deleted():
    version = WithdrawalFeeRuleFactory()
    version.percent_fee = Decimal("100")
    with pytest.raises(AppendOnlyError):
        version.save()
    with pytest.raises(AppendOnlyError):
        version.delete()
    if connection.vendor == "postgresql":  # the database refuses it too, past the models
        for change in (
            lambda: WithdrawalFeeRule.objects.filter(pk=version.pk).update(percent_fee=Decimal("50")),
            lambda: WithdrawalFeeRule.objects.filter(pk=version.pk).delete(),
        ):
            with pytest.raises(DatabaseError), transaction.atomic():
                change()
    version.refresh_from_db()
    assert version.percent_fee == Decimal("2.00")


def test_the_database_refuses_a_percentage_over_100_or_a_negative_fee_whatever_the_settings():
    for fields in ({"percent_fee": Decimal("100.01")}, {"fixed_fee": Decimal("-1")}, {"minimum": Decimal("-1")}):
        with pytest.raises(IntegrityError), transaction.atomic():
            WithdrawalFeeRuleFactory(**fields)
    with pytest.raises(IntegrityError), transaction.atomic():
        DepositNetworkFactory(confirmations=0)


def test_the_first_version_applies_at_once_and_every_later_change_after_the_notice_period(
    django_capture_on_commit_callbacks,
):
    assert earliest_start(WithdrawalFeeRule) <= timezone.now()  # a platform being set up
    first = terms_version_add(version=rule(), operator=None)
    assert selectors.fee_rule_current().percent == Decimal("1.00")
    assert earliest_start(WithdrawalFeeRule) >= timezone.now() + NOTICE - timedelta(seconds=5)
    with pytest.raises(ValidationError) as refused:
        terms_version_add(version=rule(percent_fee=Decimal("2"), effective_from=ahead(days=6)), operator=None)
    assert "effective_from" in refused.value.message_dict
    assert list(WithdrawalFeeRule.objects.all()) == [first]
    with django_capture_on_commit_callbacks(execute=True):
        second = terms_version_add(version=rule(percent_fee=Decimal("2"), effective_from=ahead(days=7)), operator=None)
    assert selectors.fee_rule_current().percent == Decimal("1.00")  # announced, not in force yet
    broadcast = Broadcast.objects.latest("id")
    date = second.effective_from.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
    assert broadcast.title_en == f"Withdrawal fees change on {date}"
    assert broadcast.title_ru == f"Комиссии за вывод средств меняются {date}"
    assert broadcast.title_zh_hans == f"提现手续费将于 {date} 变更"
    assert broadcast.title_th == f"ค่าธรรมเนียมการถอนเงินจะเปลี่ยนตั้งแต่ {date}"
    for language in ("en", "ru", "zh_hans", "zh_hant", "ko", "ja", "th"):
        assert getattr(broadcast, f"title_{language}") and getattr(broadcast, f"content_{language}"), language


def test_no_version_is_back_dated():
    first = DepositNetworkFactory()
    for version in (
        copy_of(first, address=OTHER_TRC20_ADDRESS, effective_from=ago(days=1)),
        copy_of(first, rpc_url="https://node.example.com", effective_from=ago(hours=1)),  # not even a working's
    ):
        with pytest.raises(ValidationError) as refused:
            terms_version_add(version=version, operator=None)
        assert list(refused.value.message_dict) == ["effective_from"]
    assert list(DepositNetwork.objects.all()) == [first]


def test_a_version_changing_nothing_merchants_see_applies_at_once_and_is_not_announced():
    first = DepositNetworkFactory()
    node = copy_of(first, rpc_url="https://node.example.com", auto_verify=True, sort=5, effective_from=timezone.now())
    assert not changes_terms(node)
    terms_version_add(version=node, operator=None)
    assert DepositNetwork.objects.in_force().get() == node
    assert not Broadcast.objects.exists()
    # The same moment for a new address: a change of terms, refused.
    with pytest.raises(ValidationError):
        terms_version_add(
            version=copy_of(node, address=OTHER_TRC20_ADDRESS, effective_from=ahead(hours=1)), operator=None
        )


def test_a_version_is_compared_with_the_one_it_follows_so_an_announced_change_is_not_undone_silently():
    """The fee is announced to go down; a later version restoring the old fee is a change from the announced one (not
    "nothing new" because it equals the fee in force today): it is announced in its turn."""
    today = WithdrawalFeeRuleFactory(percent_fee=Decimal("2.00"), effective_from=ago(days=1))
    lower = terms_version_add(version=rule(percent_fee=Decimal("1.00"), effective_from=ahead(days=7)), operator=None)
    back = copy_of(today, effective_from=ahead(days=9))
    assert changes_terms(back)
    terms_version_add(version=back, operator=None)
    assert Broadcast.objects.count() == 2
    assert [v.percent_fee for v in WithdrawalFeeRule.objects.order_by("effective_from")] == [2, lower.percent_fee, 2]


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"percent_fee": Decimal("100")}, "percent_fee", "At most 5.00: the bound set for the platform."),
        ({"fixed_fee": Decimal("10.01")}, "fixed_fee", "At most 10.00: the bound set for the platform."),
        ({"minimum": Decimal("1000000")}, "minimum", "At most 100.00: the bound set for the platform."),
        ({"fixed_fee": Decimal("-1")}, "fixed_fee", "Cannot be negative."),
        ({"fixed_fee": Decimal("5"), "minimum": Decimal("5")}, "minimum", "more than its own fee"),
    ],
)
def test_a_version_outside_the_bounds_is_refused_before_anything_is_saved_or_announced(fields, field, message):
    first = WithdrawalFeeRuleFactory(effective_from=ago(days=1))
    with pytest.raises(ValidationError) as refused:
        terms_version_add(version=rule(effective_from=ahead(days=8), **fields), operator=None)
    assert message in " ".join(refused.value.message_dict[field])
    assert list(WithdrawalFeeRule.objects.all()) == [first] and not Broadcast.objects.exists()


def test_the_bounds_come_from_the_settings(settings):
    settings.WITHDRAWAL_FEE_PERCENT_MAX = "8.00"
    rule(percent_fee=Decimal("8.00")).full_clean()
    with pytest.raises(ValidationError):
        rule(percent_fee=Decimal("8.01")).full_clean()
    settings.DEPOSIT_MINIMUM_MAX = "50.00"
    with translation.override("ru"), pytest.raises(ValidationError) as refused:
        copy_of(DepositNetworkFactory(), minimum=Decimal("50.01"), effective_from=ahead(days=8)).full_clean()
    assert refused.value.message_dict["minimum"] == ["Не более 50.00: таков предел, установленный для платформы."]


def test_a_network_address_must_have_the_networks_format():
    tron = DepositNetworkFactory()
    for address in (ERC20_ADDRESS, "TJbM8yRzQ3fxuWc7ZVd6kPq2sN4aHgE5L", "send to support"):
        with pytest.raises(ValidationError) as refused:
            copy_of(tron, address=address, effective_from=ahead(days=8)).full_clean()
        assert refused.value.message_dict["address"] == ["This is not a valid USDT-TRC20 address."]
    copy_of(tron, address=OTHER_TRC20_ADDRESS, effective_from=ahead(days=8)).full_clean()


def test_bank_details_cannot_carry_a_chain_address():
    with pytest.raises(ValidationError) as refused:
        BankDepositDetails(
            bank_name="Demo Bank", account_name="Ltd", account_number="1234", note=f"Or send USDT to {ERC20_ADDRESS}"
        ).full_clean()
    assert list(refused.value.message_dict) == ["note"]


def test_what_merchants_read_of_a_version_is_in_their_language():
    network = DepositNetworkFactory(rpc_url="https://node.example.com")
    with translation.override("ru"):
        shown = dict(network.terms_values())
    assert shown["код"] == "USDT-TRC20"
    assert shown["адрес платформы"] == network.address
    assert shown["активно"] == "Да"
    assert "https://node.example.com" not in shown.values()


@pytest.fixture
def console(client, django_user_model):
    """An operator who may add and view the wallet's terms (and change and delete them, as far as Django's
    permissions go: the admin still refuses both)."""
    user = django_user_model.objects.create_user("terms", "terms@example.com", "Operator-pass-2026", is_staff=True)
    user.user_permissions.set(
        Permission.objects.filter(
            content_type__app_label="wallet", content_type__model__in=["withdrawalfeerule", "depositnetwork"]
        )
    )
    return admin_as(client, user)


def test_the_add_page_starts_from_a_copy_and_from_the_earliest_start_rounded_up_to_the_hour(console):
    first = WithdrawalFeeRuleFactory(percent_fee=Decimal("1.50"), change_note="Launch", effective_from=ago(days=1))
    form = console.get(reverse("admin:wallet_withdrawalfeerule_add"), {"copy": first.pk}).context["adminform"].form
    start = suggested_start(WithdrawalFeeRule)
    assert (start.minute, start.second, start.microsecond) == (0, 0, 0)
    assert timedelta(0) <= start - (timezone.now() + NOTICE) <= timedelta(hours=1)
    assert form.initial["percent_fee"] == Decimal("1.50") and form.initial["fixed_fee"] == Decimal("1.00")
    assert form.initial["effective_from"] == start
    assert form.initial.get("change_note", "") == ""  # why the copied version was made is not why this one is
    assert console.get(reverse("admin:wallet_withdrawalfeerule_add"), {"copy": "1" * 30}).status_code == 200


def test_a_versions_page_shows_its_state_and_offers_a_new_version_to_operators_who_may_add_one(
    console, django_user_model, client
):
    old = WithdrawalFeeRuleFactory(effective_from=ago(days=2))
    current = WithdrawalFeeRuleFactory(effective_from=ago(days=1))
    upcoming = WithdrawalFeeRuleFactory(effective_from=ahead(days=7))

    def page(who, version):
        return who.get(reverse("admin:wallet_withdrawalfeerule_change", args=[version.pk])).content.decode()

    assert "Replaced" in page(console, old) and "In force" in page(console, current)
    assert "Announced, in force from" in page(console, upcoming)
    link = f"{reverse('admin:wallet_withdrawalfeerule_add')}?copy={current.pk}"
    assert link in page(console, current)
    viewer = django_user_model.objects.create_user("viewer", "v@example.com", "Operator-pass-2026", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_withdrawalfeerule"))
    client.force_login(viewer)
    assert "In force" in page(client, current) and link not in page(client, current)


def test_the_list_of_versions_shows_each_state_in_a_constant_number_of_queries(console):
    WithdrawalFeeRuleFactory(effective_from=ago(days=3))
    url = reverse("admin:wallet_withdrawalfeerule_changelist")
    with CaptureQueriesContext(connection) as few:
        assert console.get(url).status_code == 200
    for days in (2, 1):
        WithdrawalFeeRuleFactory(effective_from=ago(days=days))
    WithdrawalFeeRuleFactory(effective_from=ahead(days=8))
    with CaptureQueriesContext(connection) as many:
        listing = console.get(url).content.decode()
    assert len(few) == len(many)
    states = re.findall(r'<td class="field-state">([^<]*)</td>', listing)
    assert sorted(state.split(",")[0] for state in states) == ["Announced", "In force", "Replaced", "Replaced"]
