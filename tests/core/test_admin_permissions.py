"""Every decision in the operators' console needs the permission of what it does (issue 31, finding 1).

Every action of every list (ours, Django's and the libraries' registered on the site) declares its permissions; an
operator who may only view changes nothing through any action, decision page or other page of the console; an
operator with the action's permission still decides.
"""

import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import Group, Permission
from django.contrib.messages import INFO, SUCCESS, WARNING
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import AuthToken, Merchant
from apps.catalog.models import ShopGoods
from apps.core.roles import ROLES
from apps.orders.constants import OrderStatus
from apps.orders.models import Order
from apps.support.constants import BroadcastStatus
from apps.support.models import Broadcast, Conversation

pytestmark = pytest.mark.django_db

# Django's own pages of every ModelAdmin; any other URL a ModelAdmin adds (get_urls) is one of its own.
DJANGO_PAGES = ("changelist", "add", "history", "delete", "change")

# What a form of the console could be sent with: every action's and decision's fields, filled as if meant.
FILLED = {
    "apply": "1",  # the second step of an action that asks first (a reason, tracking numbers)
    "post": "yes",  # Django's delete confirmation
    "reason": "Decided by someone who may only look",
    "carrier": "DHL",
    "tracking_number": "TRK-VIEWER",
    "credited_amount": "10.00",
    "note": "viewer",
    "reference": "BANK-VIEWER",
    "merchant_fault": "on",
    "place": "Hub",
    "step": "in_transit",
}


def _operator(django_user_model, username, *permissions):
    """A staff operator holding `permissions` ("app_label.codename")."""
    user = django_user_model.objects.create_user(username, f"{username}@example.com", "Operator-pass-2026")
    user.is_staff = True
    user.save()
    for permission in permissions:
        app_label, codename = permission.split(".")
        user.user_permissions.add(Permission.objects.get(content_type__app_label=app_label, codename=codename))
    return user


@pytest.fixture
def viewer(django_user_model):
    """An operator who may view everything in the console and change nothing."""
    user = _operator(django_user_model, "viewer")
    user.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    return user


def _request(user):
    request = RequestFactory().get("/admin/")
    request.user = user
    return request


def _registry():
    return sorted(admin.site._registry.items(), key=lambda item: item[0]._meta.label)


def _actions(model_admin, user):
    """The list actions of `model_admin` as `user` has them: {name: function}."""
    return {name: func for name, (func, _name, _description) in model_admin.get_actions(_request(user)).items()}


def _own_urls(model, model_admin):
    """The URL patterns `model_admin` adds to Django's pages."""
    django = {f"{model._meta.app_label}_{model._meta.model_name}_{page}" for page in DJANGO_PAGES}
    return [pattern for pattern in model_admin.get_urls() if pattern.name and pattern.name not in django]


def _database():
    """Every row of every table but the sessions' (signing in writes one), as stored (no translated field read in
    the language of the moment)."""
    tables = {}
    with connection.cursor() as cursor:
        for model in apps.get_models(include_auto_created=True):
            if model._meta.managed and not model._meta.proxy and model is not Session:
                table, pk = (connection.ops.quote_name(name) for name in (model._meta.db_table, model._meta.pk.column))
                cursor.execute(f"SELECT * FROM {table} ORDER BY {pk}")
                tables[model._meta.label] = cursor.fetchall()
    return tables


def _messages(response):
    return list(response.wsgi_request._messages)


def _sign_in(client, user):
    """Signs `user` in, then leaves an expired sign-in attempt for the list action that cleans them up (django-axes
    cleans them up at each sign-in)."""
    client.force_login(user)
    attempt = AccessAttempt.objects.create(username="someone", ip_address="10.0.0.1", failures_since_start=1)
    AccessAttempt.objects.filter(pk=attempt.pk).update(attempt_time=timezone.now() - timedelta(days=30))


def _action_post(model, name, pks):
    return {"action": name, "_selected_action": pks, **FILLED, **{f"tracking_{pk}": f"TRK-{pk}" for pk in pks}}


def _changelist(model):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")


# ---------- every action declares the permission it needs ----------
def test_every_list_action_declares_the_permissions_it_needs(operator):
    """Django offers an action without declared permissions to every operator who may see the list."""
    undeclared, unknown = [], []
    for model, model_admin in _registry():
        declared = [model_admin.get_action(action) for action in model_admin.actions or ()]
        found = [(func, name) for func, name, _description in filter(None, declared)]
        found += [(func, name) for name, func in _actions(model_admin, operator).items()]  # the site's too
        for func, name in found:
            permissions = getattr(func, "allowed_permissions", ())
            if not permissions:
                undeclared.append(f"{model._meta.label}: {name}")
            unknown += [
                f"{model._meta.label}: {name} needs has_{permission}_permission"
                for permission in permissions
                if not hasattr(model_admin, f"has_{permission}_permission")
            ]
        assert found or not model_admin.actions
    assert undeclared == [], "list actions without @admin.action(permissions=[...])"
    assert unknown == []


def test_the_walk_finds_the_consoles_decisions(operator):
    """The walk above sees the actions this issue was about (the registry is the site's, with every app loaded)."""
    names = {
        (model._meta.label, name) for model, model_admin in _registry() for name in _actions(model_admin, operator)
    }
    assert {
        ("accounts.Merchant", "approve"),
        ("accounts.Merchant", "reject"),
        ("accounts.Merchant", "close"),
        ("accounts.Merchant", "reopen"),
        ("accounts.AuthToken", "revoke"),
        ("support.Broadcast", "resume"),
        ("support.Conversation", "mark_answered"),
        ("orders.Order", "ship_selected"),
        ("catalog.ShopGoods", "remove_listing"),
        ("axes.AccessAttempt", "cleanup_expired_attempts"),
    } <= names


# ---------- an operator who may only view changes nothing ----------
def test_a_viewer_is_offered_no_action_and_posting_one_changes_nothing(
    client, operator, viewer, console_objects, django_capture_on_commit_callbacks
):
    _sign_in(client, viewer)
    tried = []
    for model, model_admin in _registry():
        pks = [str(pk) for pk in model._base_manager.values_list("pk", flat=True)]
        offered = _actions(model_admin, viewer)
        for name in _actions(model_admin, operator):
            assert name not in offered, f"{model._meta.label}: {name} offered to a viewer"
            before = _database()
            with django_capture_on_commit_callbacks() as later:
                response = client.post(_changelist(model), _action_post(model, name, pks))
            # Refused: the list again, or back to it with Django's "No action selected.", and nothing done.
            assert response.status_code in (200, 302), (model, name)
            assert all(m.level == WARNING for m in _messages(response)), (model, name)
            assert _database() == before, f"{model._meta.label}: {name} changed the database for a viewer"
            assert later == [], f"{model._meta.label}: {name} queued work for a viewer"
            tried.append(name)
    assert {
        "approve", "reject", "close", "reopen", "revoke", "resume", "mark_answered", "ship_selected", "remove_listing",
    } <= set(tried)  # fmt: skip


def test_a_viewer_is_refused_every_page_a_model_admin_adds(client, viewer, console_objects):
    """Decision pages, tracking steps, CSV imports and shipments, an operator's password, an authenticator's QR code:
    every URL a ModelAdmin adds answers a viewer 403, to a GET and to a filled-in POST, and changes nothing."""
    _sign_in(client, viewer)
    before = _database()
    tried = []
    for model, model_admin in _registry():
        for pattern in _own_urls(model, model_admin):
            if pattern.name in _looking_pages():
                continue  # a download of what the viewer may see (an export: tests/*/test_admin_exports.py)
            converters = pattern.pattern.converters
            pk = model._base_manager.order_by("pk").values_list("pk", flat=True).first()
            if converters and pk is None:
                pytest.fail(f"{pattern.name}: give console_objects a {model._meta.label} to try it on")
            url = reverse(f"admin:{pattern.name}", kwargs={name: pk for name in converters})
            assert client.get(url).status_code == 403, url
            assert client.post(url, FILLED).status_code == 403, url
            tried.append(pattern.name)
    assert _database() == before
    assert {
        "accounts_merchant_approve",
        "accounts_merchant_close",
        "orders_order_ship",
        "orders_order_ship_csv",
        "orders_order_tracking",
        "orders_refund_approve",
        "wallet_deposit_approve",
        "wallet_withdrawal_pay",
        "wallet_adjustment_approve",
        "catalog_product_import_csv",
        "otp_totp_totpdevice_config",
        "otp_totp_totpdevice_qrcode",
    } <= set(tried)


def _looking_pages():
    """The pages a ModelAdmin adds that need only a view permission (docs/operator-powers.md): they show or download
    what the operator may see and change nothing but their own record (the exports)."""
    return {
        name
        for name, permissions in _page_permissions().items()
        if permissions and all(permission.split(".")[1].startswith("view_") for permission in permissions)
    }


def test_a_viewer_browses_every_list_and_page_without_changing_anything(client, viewer, console_objects):
    """Looking is not deciding: opening a support conversation, for one, leaves its unread count to whoever answers
    it, and a viewer is shown no decision buttons and no authenticator secrets."""
    _sign_in(client, viewer)
    before = _database()
    for model, _model_admin in _registry():
        info = f"admin:{model._meta.app_label}_{model._meta.model_name}"
        assert client.get(reverse(f"{info}_changelist")).status_code == 200, model
        for pk in model._base_manager.order_by("pk").values_list("pk", flat=True)[:3]:
            page = client.get(reverse(f"{info}_change", args=[pk]))
            assert page.status_code == 200, (model, pk)
            assert b'class="button" href="/admin/' not in page.content, (model, pk)  # no decision offered
    assert _database() == before
    conversation = Conversation.objects.get()
    assert conversation.operator_unread == 1
    device = TOTPDevice.objects.get()
    page = client.get(reverse("admin:otp_totp_totpdevice_change", args=[device.pk])).content.decode()
    assert device.key not in page and "qrcode" not in page
    static = StaticDevice.objects.get()
    assert (
        "12345678" not in client.get(reverse("admin:otp_static_staticdevice_change", args=[static.pk])).content.decode()
    )


# ---------- an operator with the permission still decides ----------
def _status(merchant):
    return Merchant.objects.get(pk=merchant.pk).status


ALLOWED = [
    # (the action, the model, the permissions beside viewing it, the object it is tried on, what it did)
    ("approve", Merchant, ["accounts.approve_merchant"], "pending", lambda o: _status(o["pending"]) == "active"),
    ("reject", Merchant, ["accounts.approve_merchant"], "pending", lambda o: _status(o["pending"]) == "rejected"),
    ("close", Merchant, ["accounts.close_merchant"], "merchant", lambda o: _status(o["merchant"]) == "closed"),
    ("reopen", Merchant, ["accounts.close_merchant"], "closed", lambda o: _status(o["closed"]) == "active"),
    ("revoke", AuthToken, ["accounts.revoke_authtoken"], None, lambda o: AuthToken.objects.get().revoked_at),
    (
        "mark_answered",
        Conversation,
        ["support.change_conversation"],
        None,
        lambda o: not Conversation.objects.get().waiting,
    ),
    (
        "resume",
        Broadcast,
        ["support.add_broadcast"],
        None,
        lambda o: Broadcast.objects.get().status == BroadcastStatus.SENT,
    ),
    (
        "ship_selected",
        Order,
        ["orders.change_order"],
        "awaiting",
        lambda o: Order.objects.get(pk=o["awaiting"].pk).status == OrderStatus.SHIPPED,
    ),
    (
        "remove_listing",
        ShopGoods,
        ["catalog.remove_shopgoods"],
        None,
        lambda o: not ShopGoods.objects.exists(),
    ),
    (
        "cleanup_expired_attempts",
        AccessAttempt,
        ["axes.delete_accessattempt"],
        None,
        lambda o: not AccessAttempt.objects.exists(),
    ),
]


@pytest.mark.parametrize(("action", "model", "permissions", "target", "done"), ALLOWED, ids=[a[0] for a in ALLOWED])
def test_an_operator_with_the_actions_permission_runs_it(
    client,
    django_user_model,
    console_objects,
    django_capture_on_commit_callbacks,
    action,
    model,
    permissions,
    target,
    done,
):
    view = f"{model._meta.app_label}.view_{model._meta.model_name}"
    _sign_in(client, _operator(django_user_model, "decider", view, *permissions))
    pks = (
        [str(console_objects[target].pk)]
        if target
        else [str(pk) for pk in model._base_manager.values_list("pk", flat=True)]
    )
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(_changelist(model), _action_post(model, action, pks))
    assert response.status_code == 302
    assert [m.level for m in _messages(response)] in ([SUCCESS], [INFO])
    assert done(console_objects)


def test_deciding_a_merchant_takes_that_decisions_permission_on_the_page_and_in_the_list(
    client, django_user_model, console_objects
):
    """ "approve_merchant" approves and rejects registrations, "close_merchant" closes and reopens shops, and
    "change_merchant" edits the merchant's fields and decides nothing."""
    pending, merchant = console_objects["pending"], console_objects["merchant"]
    reviewer = _operator(django_user_model, "reviewer", "accounts.view_merchant", "accounts.approve_merchant")
    editor = _operator(django_user_model, "editor", "accounts.view_merchant", "accounts.change_merchant")
    model_admin = admin.site.get_model_admin(Merchant)
    assert set(_actions(model_admin, reviewer)) == {"approve", "reject"}
    assert set(_actions(model_admin, editor)) == set()

    client.force_login(editor)
    page = client.get(reverse("admin:accounts_merchant_change", args=[pending.pk])).content.decode()
    assert 'name="_save"' in page and reverse("admin:accounts_merchant_approve", args=[pending.pk]) not in page
    assert client.post(reverse("admin:accounts_merchant_approve", args=[pending.pk])).status_code == 403

    client.force_login(reviewer)
    close = reverse("admin:accounts_merchant_close", args=[merchant.pk])
    assert client.get(close).status_code == 403
    assert client.post(close, {"reason": "Fake goods"}).status_code == 403
    assert _status(merchant) == MerchantStatus.ACTIVE
    approve = reverse("admin:accounts_merchant_approve", args=[pending.pk])
    assert approve in client.get(reverse("admin:accounts_merchant_change", args=[pending.pk])).content.decode()
    assert client.post(approve).status_code == 302
    assert _status(pending) == MerchantStatus.ACTIVE


# ---------- each operator role (issue 35) is refused what it may not do ----------
def _page_permissions():
    """{url name: the permissions its row in docs/operator-powers.md names}: every page a ModelAdmin adds is there
    (tests/core/test_operator_powers.py)."""
    from tests.core.test_operator_powers import _table

    return {
        key.removeprefix("admin:"): set(re.findall(r"`([a-z_]+\.[a-z_]+)`", row["Permission"]))
        for key, row in _table().items()
        if key.startswith("admin:")
    }


@pytest.mark.parametrize("role", list(ROLES))
def test_each_role_is_refused_what_it_may_not_do(
    client, django_user_model, operator, console_objects, django_capture_on_commit_callbacks, role
):
    """Signed in as a member of the role (a staff operator, not a superuser): every list action it is not offered,
    posted anyway, and every page a ModelAdmin adds whose permission it lacks (403 to a GET and to a filled-in POST)
    change nothing; what it is offered are the actions its permissions allow."""
    member = _operator(django_user_model, f"{role}-member")
    member.groups.add(Group.objects.get(name=role))
    _sign_in(client, member)
    pages = _page_permissions()
    refused = []
    for model, model_admin in _registry():
        pks = [str(pk) for pk in model._base_manager.values_list("pk", flat=True)]
        offered = _actions(model_admin, member)
        for name, func in _actions(model_admin, operator).items():
            allowed = all(
                getattr(model_admin, f"has_{p}_permission")(_request(member)) for p in func.allowed_permissions
            ) and model_admin.has_view_permission(_request(member))
            assert (name in offered) == allowed, (role, model, name)
            if allowed:
                continue
            before = _database()
            with django_capture_on_commit_callbacks() as later:
                response = client.post(_changelist(model), _action_post(model, name, pks))
            assert response.status_code in (200, 302, 403), (role, model, name)
            assert all(m.level == WARNING for m in _messages(response)), (role, model, name)
            assert _database() == before, f"{role}: {model._meta.label}: {name} changed the database"
            assert later == [], f"{role}: {model._meta.label}: {name} queued work"
            refused.append(name)
        for pattern in _own_urls(model, model_admin):
            if member.has_perms(pages[pattern.name]):
                continue
            pk = model._base_manager.order_by("pk").values_list("pk", flat=True).first()
            url = reverse(f"admin:{pattern.name}", kwargs={n: pk for n in pattern.pattern.converters})
            before = _database()
            assert client.get(url).status_code == 403, (role, url)
            assert client.post(url, FILLED).status_code == 403, (role, url)
            assert _database() == before, (role, url)
            refused.append(pattern.name)
    if role != "administrator":
        assert refused, role
