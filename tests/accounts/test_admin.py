# ruff: noqa: RUF001  (translated messages in other scripts)
import threading

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import translation

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import AuthToken, InvitationCode, Merchant, OperatorAction
from apps.accounts.services import merchant_transition
from apps.core.errors import AppError
from apps.core.models import StatusChange, Upload
from apps.support.models import Notice
from tests.factories import MerchantFactory, upload_image
from tests.history import status_history

pytestmark = pytest.mark.django_db
CHANGELIST = "admin:accounts_merchant_changelist"
DECISIONS = ["approve", "reject", "close", "reopen"]


def change_url(merchant):
    return reverse("admin:accounts_merchant_change", args=[merchant.pk])


def decision_url(merchant, name):
    return reverse(f"admin:accounts_merchant_{name}", args=[merchant.pk])


@pytest.fixture
def pending(db):
    return MerchantFactory(status=MerchantStatus.PENDING)


def test_approve_is_recorded_once_and_notified(pending, operator):
    merchant_transition(merchant_id=pending.pk, to=MerchantStatus.ACTIVE, operator=operator)
    pending.refresh_from_db()
    assert pending.status == MerchantStatus.ACTIVE
    change = StatusChange.objects.get()
    assert (change.target, change.from_status, change.to_status, change.actor) == (
        pending,
        "pending",
        "active",
        operator,
    )
    notice = Notice.objects.get(merchant=pending)
    with translation.override("en"):
        assert notice.rendered_title() == "Registration approved"
    with translation.override("ru"):
        assert notice.rendered_title() == "Регистрация одобрена"
    # A second decision on the decided merchant is refused and changes nothing.
    with pytest.raises(AppError):
        merchant_transition(merchant_id=pending.pk, to=MerchantStatus.REJECTED, operator=operator, reason="late")
    with pytest.raises(AppError):
        merchant_transition(merchant_id=pending.pk, to=MerchantStatus.ACTIVE, operator=operator)
    pending.refresh_from_db()
    assert pending.status == MerchantStatus.ACTIVE
    assert StatusChange.objects.count() == 1
    assert Notice.objects.filter(merchant=pending).count() == 1


def test_reject_needs_a_reason_and_tells_the_merchant(pending, operator):
    with pytest.raises(AppError):
        merchant_transition(merchant_id=pending.pk, to=MerchantStatus.REJECTED, operator=operator, reason=" ")
    merchant_transition(merchant_id=pending.pk, to=MerchantStatus.REJECTED, operator=operator, reason="Blurry ID")
    pending.refresh_from_db()
    assert (pending.status, pending.status_reason) == ("rejected", "Blurry ID")
    notice = Notice.objects.get(merchant=pending)  # one message: the operator action's, with the reason
    with translation.override("en"):
        assert (notice.rendered_title(), notice.rendered_body()) == ("Registration rejected", "Reason: Blurry ID")
    with translation.override("zh-hans"):
        assert notice.rendered_body() == "原因：Blurry ID"
    action = OperatorAction.objects.get(merchant=pending)
    assert (action.kind, action.operator, action.reason) == ("registration_rejected", operator, "Blurry ID")


def test_close_and_reopen_with_reason(merchant, operator):
    merchant_transition(merchant_id=merchant.pk, to=MerchantStatus.CLOSED, operator=operator, reason="Fake goods")
    merchant_transition(merchant_id=merchant.pk, to=MerchantStatus.ACTIVE, operator=operator, reason="Appeal won")
    assert list(StatusChange.objects.order_by("id").values_list("to_status", "note")) == [
        ("closed", "Fake goods"),
        ("active", "Appeal won"),
    ]
    with translation.override("en"):
        assert [(n.rendered_title(), n.rendered_body()) for n in Notice.objects.order_by("id")] == [
            ("Shop closed", "Reason: Fake goods"),
            ("Shop reopened", "Reason: Appeal won"),  # the reason a shop was reopened is told too
        ]
    assert list(OperatorAction.objects.order_by("id").values_list("kind", "operator", "reason")) == [
        ("shop_closed", operator.pk, "Fake goods"),
        ("shop_reopened", operator.pk, "Appeal won"),
    ]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_operators_deciding_at_once_make_one_decision(operator):
    if connection.vendor != "postgresql":
        pytest.skip("row locks need PostgreSQL")
    pending = MerchantFactory(status=MerchantStatus.PENDING)
    barrier = threading.Barrier(2)
    results = []

    def decide(to, reason):
        barrier.wait()
        try:
            merchant_transition(merchant_id=pending.pk, to=to, operator=operator, reason=reason)
            results.append(to)
        except AppError:
            results.append("refused")
        finally:
            connection.close()

    threads = [
        threading.Thread(target=decide, args=(MerchantStatus.ACTIVE, "")),
        threading.Thread(target=decide, args=(MerchantStatus.REJECTED, "no")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results).count("refused") == 1
    assert status_history(pending).count() == 1


def test_admin_queue_lists_pending_and_shows_id_images_through_operator_links(admin_client, pending):
    pending.id_front = upload_image(kind=Upload.Kind.ID_DOCUMENT, owner=pending)
    pending.save()
    res = admin_client.get(reverse(CHANGELIST), {"status__exact": "pending"})
    assert res.status_code == 200
    assert pending.phone in res.content.decode()

    page = admin_client.get(reverse("admin:accounts_merchant_change", args=[pending.pk])).content.decode()
    assert reverse("admin:private_file", args=[pending.id_front.pk]) in page  # for operators who may view it
    assert "/merchant/common/file/" not in page  # never the merchant's link
    assert pending.id_front.file.name not in page  # the storage path is never shown


def test_admin_approve_action(admin_client, pending):
    res = admin_client.post(reverse(CHANGELIST), {"action": "approve", "_selected_action": [pending.pk]})
    assert res.status_code == 302
    pending.refresh_from_db()
    assert pending.status == MerchantStatus.ACTIVE


def test_admin_reject_asks_for_a_reason_first(admin_client, pending):
    url = reverse(CHANGELIST)
    res = admin_client.post(url, {"action": "reject", "_selected_action": [pending.pk]})
    assert res.status_code == 200
    assert 'name="reason"' in res.content.decode()
    pending.refresh_from_db()
    assert pending.status == MerchantStatus.PENDING

    res = admin_client.post(url, {"action": "reject", "_selected_action": [pending.pk], "apply": "1", "reason": ""})
    assert res.status_code == 200  # the form again: a reason is required
    pending.refresh_from_db()
    assert pending.status == MerchantStatus.PENDING

    res = admin_client.post(
        url, {"action": "reject", "_selected_action": [pending.pk], "apply": "1", "reason": "ID expired"}
    )
    assert res.status_code == 302
    pending.refresh_from_db()
    assert (pending.status, pending.status_reason) == ("rejected", "ID expired")


def test_admin_refuses_a_second_decision(admin_client, merchant):
    admin_client.post(reverse(CHANGELIST), {"action": "approve", "_selected_action": [merchant.pk]}, follow=True)
    assert not StatusChange.objects.exists()


def test_admin_console_is_translated(client, operator):
    client.force_login(operator)
    res = client.get(reverse("admin:index"), HTTP_ACCEPT_LANGUAGE="ru")
    assert "Управление площадкой" in res.content.decode()


def test_sessions_admin_revoke_asks_for_a_reason_and_tells_each_merchant_once(
    admin_client, merchant, other_merchant, operator
):
    from apps.accounts.services import session_create

    for owner in (merchant, merchant, other_merchant):
        session_create(merchant=owner)
    tokens = list(AuthToken.objects.order_by("pk").values_list("pk", flat=True))
    url = reverse("admin:accounts_authtoken_changelist")
    page = admin_client.post(url, {"action": "revoke", "_selected_action": tokens})
    assert page.status_code == 200 and 'name="reason"' in page.content.decode()
    assert (
        admin_client.post(
            url, {"action": "revoke", "_selected_action": tokens, "apply": "1", "reason": " "}
        ).status_code
        == 200
    )
    assert not AuthToken.objects.filter(revoked_at__isnull=False).exists()

    res = admin_client.post(
        url, {"action": "revoke", "_selected_action": tokens, "apply": "1", "reason": "Stolen phone"}
    )
    assert res.status_code == 302
    assert not AuthToken.objects.filter(revoked_at__isnull=True).exists()
    assert sorted(OperatorAction.objects.values_list("merchant", "kind", "operator", "reason", "params")) == sorted(
        [
            (merchant.pk, "sessions_revoked", operator.pk, "Stolen phone", {"count": 2}),
            (other_merchant.pk, "sessions_revoked", operator.pk, "Stolen phone", {"count": 1}),
        ]
    )
    notice = Notice.objects.get(merchant=merchant)
    assert notice.rendered_title() == "An operator signed your account out on some devices (sessions ended: 2)"
    assert notice.rendered_body() == "Reason: Stolen phone"


def test_invitation_codes_admin(admin_client):
    res = admin_client.post(
        reverse("admin:accounts_invitationcode_add"), {"code": "SPRING", "is_active": "on", "note": "campaign"}
    )
    assert res.status_code == 302
    assert InvitationCode.objects.filter(code="SPRING").exists()
    assert admin_client.get(reverse("admin:accounts_invitationcode_changelist")).status_code == 200


def test_status_changes_are_read_only_in_admin(admin_client, pending, operator):
    merchant_transition(merchant_id=pending.pk, to=MerchantStatus.ACTIVE, operator=operator)
    change = StatusChange.objects.get()
    assert admin_client.get(reverse("admin:core_statuschange_changelist")).status_code == 200
    res = admin_client.post(reverse("admin:core_statuschange_delete", args=[change.pk]), {"post": "yes"})
    assert res.status_code == 403
    assert StatusChange.objects.exists()
    assert Merchant.objects.get(pk=pending.pk).status == "active"


# ---------- decisions on the merchant's own page ----------
@pytest.mark.parametrize(
    ("status", "offered"),
    [
        (MerchantStatus.PENDING, ["approve", "reject"]),
        (MerchantStatus.ACTIVE, ["close"]),
        (MerchantStatus.CLOSED, ["reopen"]),
        (MerchantStatus.REJECTED, []),  # the merchant sends new documents; nothing for the operator to decide
    ],
)
def test_merchant_page_offers_the_moves_its_status_allows(admin_client, status, offered):
    merchant = MerchantFactory(status=status)
    page = admin_client.get(change_url(merchant)).content.decode()
    assert [name for name in DECISIONS if decision_url(merchant, name) in page] == offered
    # The real name and the country stay correctable (with a reason), with the Save buttons.
    assert 'name="real_name"' in page and 'name="_save"' in page and '<select name="country"' in page
    assert 'name="reason"' in page
    assert 'name="status"' not in page  # the status changes only through the decisions
    # Contact details and credentials are not editable at all.
    assert 'name="email"' not in page and 'name="phone"' not in page
    assert 'name="password"' not in page and 'name="pay_password"' not in page


def test_approving_from_the_page_moves_the_status_once_and_records_it(admin_client, pending, operator):
    page = admin_client.get(decision_url(pending, "approve"))
    assert page.status_code == 200
    assert "Approve registration" in page.content.decode()
    assert Merchant.objects.get(pk=pending.pk).status == MerchantStatus.PENDING  # looking decides nothing

    response = admin_client.post(decision_url(pending, "approve"))
    assert response.status_code == 302 and response.url == change_url(pending)
    pending.refresh_from_db()
    assert pending.status == MerchantStatus.ACTIVE
    change = StatusChange.objects.get()
    assert (change.target, change.from_status, change.to_status, change.actor) == (
        pending,
        "pending",
        "active",
        operator,
    )
    assert Notice.objects.filter(merchant=pending).count() == 1


def test_rejecting_from_the_page_needs_a_reason_written_in_the_merchants_language(admin_client):
    pending = MerchantFactory(status=MerchantStatus.PENDING, language="ru-RU")
    form = admin_client.get(decision_url(pending, "reject")).content.decode()
    assert 'name="reason"' in form
    assert "The merchant's language: Русский (ru). Write the reason in it" in form

    again = admin_client.post(decision_url(pending, "reject"), {"reason": "  "})
    assert again.status_code == 200  # the form again: a reason is required
    assert "Русский (ru)" in again.content.decode()
    assert Merchant.objects.get(pk=pending.pk).status == MerchantStatus.PENDING
    assert not StatusChange.objects.exists()

    response = admin_client.post(decision_url(pending, "reject"), {"reason": "Фото паспорта размыто"})
    assert response.status_code == 302
    pending.refresh_from_db()
    assert (pending.status, pending.status_reason) == ("rejected", "Фото паспорта размыто")
    assert StatusChange.objects.get().note == "Фото паспорта размыто"


def test_close_and_reopen_from_the_page_show_the_language_too(admin_client):
    merchant = MerchantFactory(status=MerchantStatus.ACTIVE, language="han")
    assert "한국어 (ko)" in admin_client.get(decision_url(merchant, "close")).content.decode()
    admin_client.post(decision_url(merchant, "close"), {"reason": "Counterfeit goods"})
    assert "한국어 (ko)" in admin_client.get(decision_url(merchant, "reopen")).content.decode()
    admin_client.post(decision_url(merchant, "reopen"), {"reason": "Appeal accepted"})
    merchant.refresh_from_db()
    assert merchant.status == MerchantStatus.ACTIVE
    assert list(StatusChange.objects.order_by("id").values_list("to_status", flat=True)) == ["closed", "active"]


@pytest.mark.parametrize(
    ("status", "name", "data"),
    [
        (MerchantStatus.ACTIVE, "approve", {}),
        (MerchantStatus.ACTIVE, "reopen", {"reason": "x"}),  # already active
        (MerchantStatus.PENDING, "reopen", {"reason": "x"}),  # would make it active, but reopening is not approving
        (MerchantStatus.PENDING, "close", {"reason": "x"}),
        (MerchantStatus.REJECTED, "reject", {"reason": "x"}),
    ],
)
def test_a_move_the_status_does_not_allow_changes_nothing(admin_client, status, name, data):
    merchant = MerchantFactory(status=status)
    for response in (
        admin_client.get(decision_url(merchant, name)),
        admin_client.post(decision_url(merchant, name), data),
    ):
        assert response.status_code == 302 and response.url == change_url(merchant)
    page = admin_client.get(change_url(merchant)).content.decode()
    assert "is not possible while the status is" in page
    assert Merchant.objects.get(pk=merchant.pk).status == status
    assert not StatusChange.objects.exists()
    assert not Notice.objects.exists()


def test_bulk_reopen_refuses_a_pending_merchant(admin_client, pending):
    url = reverse(CHANGELIST)
    admin_client.post(url, {"action": "reopen", "_selected_action": [pending.pk], "apply": "1", "reason": "x"})
    assert Merchant.objects.get(pk=pending.pk).status == MerchantStatus.PENDING
    assert not StatusChange.objects.exists()


def test_bulk_reason_page_shows_each_merchants_language(admin_client):
    russian = MerchantFactory(status=MerchantStatus.PENDING, language="ru-RU")
    thai = MerchantFactory(status=MerchantStatus.PENDING, language="tai")
    page = admin_client.post(reverse(CHANGELIST), {"action": "reject", "_selected_action": [russian.pk, thai.pk]})
    text = page.content.decode()
    assert "Русский (ru)" in text and "ไทย (th)" in text
    assert "These merchants use different languages" in text

    same = admin_client.post(
        reverse(CHANGELIST), {"action": "reject", "_selected_action": [russian.pk]}
    ).content.decode()
    assert "The merchant's language: Русский (ru)." in same


# ---------- the country: an ISO code, shown by its name ----------
def _change_form_data(page):
    """What the change form would post back: its fields' values and the status history's management form."""
    form = page.context["adminform"].form
    data = {name: form[name].value() or "" for name in form.fields}
    for inline in page.context["inline_admin_formsets"]:
        management = inline.formset.management_form
        data.update({management.add_prefix(name): management[name].value() for name in management.fields})
    return data


def test_country_is_shown_by_name_and_chosen_from_the_list(admin_client):
    merchant = MerchantFactory(country="KR", language="ru-RU")
    # The list's narrow column: the code, named in full when pointed at; the page: the name and the code.
    listing = reverse(CHANGELIST) + "?queue=all"  # an active merchant: not in the registrations queue
    assert '<span title="South Korea">KR</span>' in admin_client.get(listing).content.decode()
    russian = admin_client.get(listing, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert '<span title="Южная Корея">KR</span>' in russian

    page = admin_client.get(change_url(merchant))
    assert '<option value="KR" selected>South Korea (KR)</option>' in page.content.decode()
    assert "Русский (ru)" in page.content.decode()  # the language by its name, not "ru-RU"
    data = _change_form_data(page)
    assert admin_client.post(change_url(merchant), {**data, "country": "Korea"}).status_code == 200  # not on the list
    assert admin_client.post(change_url(merchant), {**data, "country": "JP"}).status_code == 200  # no reason given
    response = admin_client.post(change_url(merchant), {**data, "country": "JP", "reason": "Typo at registration"})
    assert response.status_code == 302
    merchant.refresh_from_db()
    assert (merchant.country, merchant.status) == ("JP", MerchantStatus.ACTIVE)


def test_a_country_typed_before_the_list_is_shown_as_typed(admin_client):
    merchant = MerchantFactory(country="Deutschland <b>")
    assert "Deutschland &lt;b&gt;" in admin_client.get(reverse(CHANGELIST), {"queue": "all"}).content.decode()
    page = admin_client.get(change_url(merchant))
    assert page.status_code == 200
    assert "Typed at registration: “Deutschland &lt;b&gt;”. Choose the country from the list." in page.content.decode()
    data = _change_form_data(page)
    assert admin_client.post(change_url(merchant), data).status_code == 200  # saving asks for a country from the list
    assert (
        admin_client.post(change_url(merchant), {**data, "country": "DE", "reason": "From the list"}).status_code == 302
    )
    assert Merchant.objects.get(pk=merchant.pk).country == "DE"


def test_correcting_the_real_name_or_country_is_an_operator_action_told_to_the_merchant(admin_client, operator):
    merchant = MerchantFactory(real_name="Jon Smith", country="US")
    data = _change_form_data(admin_client.get(change_url(merchant)))
    response = admin_client.post(
        change_url(merchant), {**data, "real_name": "John Smith", "country": "GB", "reason": "As on the ID card"}
    )
    assert response.status_code == 302
    merchant.refresh_from_db()
    assert (merchant.real_name, merchant.country) == ("John Smith", "GB")
    actions = OperatorAction.objects.filter(merchant=merchant).order_by("id")
    assert [(a.kind, a.operator, a.reason, a.params) for a in actions] == [
        ("account_details_changed", operator, "As on the ID card", {"old": "Jon Smith", "new": "John Smith"}),
        ("account_details_changed", operator, "As on the ID card", {"old": "US", "new": "GB"}),
    ]
    assert sorted(n.rendered_title() for n in Notice.objects.filter(merchant=merchant)) == [
        "An operator changed your country from US to GB",
        "An operator changed your real name from Jon Smith to John Smith",
    ]
    # Saving without a change records nothing and needs no reason.
    data = _change_form_data(admin_client.get(change_url(merchant)))
    assert admin_client.post(change_url(merchant), data).status_code == 302
    assert OperatorAction.objects.filter(merchant=merchant).count() == 2


def test_each_decision_sends_one_message_recorded_as_an_operator_action(admin_client, pending, operator):
    """Approve, reject, close and reopen: one OperatorAction and one message each (never a second, separate one)."""
    admin_client.post(decision_url(pending, "approve"))
    admin_client.post(decision_url(pending, "close"), {"reason": "Counterfeit goods"})
    admin_client.post(decision_url(pending, "reopen"), {"reason": "Appeal accepted"})
    rejected = MerchantFactory(status=MerchantStatus.PENDING)
    admin_client.post(decision_url(rejected, "reject"), {"reason": "Blurry ID"})
    assert list(OperatorAction.objects.order_by("id").values_list("merchant", "kind", "reason")) == [
        (pending.pk, "registration_approved", ""),
        (pending.pk, "shop_closed", "Counterfeit goods"),
        (pending.pk, "shop_reopened", "Appeal accepted"),
        (rejected.pk, "registration_rejected", "Blurry ID"),
    ]
    assert all(action.operator == operator for action in OperatorAction.objects.all())
    with translation.override("en"):
        assert [(n.rendered_title(), n.rendered_body()) for n in Notice.objects.order_by("id")] == [
            ("Registration approved", ""),
            ("Shop closed", "Reason: Counterfeit goods"),
            ("Shop reopened", "Reason: Appeal accepted"),
            ("Registration rejected", "Reason: Blurry ID"),
        ]
