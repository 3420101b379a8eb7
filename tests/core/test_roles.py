"""The operators' roles (issue 35): the Groups the migrations leave are exactly apps.core.roles' table, and no role but
the administrator's and the auditor's holds a permission on a technical model. What each role may not do is refused
over HTTP in tests/core/test_admin_permissions.py (test_each_role_is_refused_what_it_may_not_do)."""

import pytest
from django.contrib.auth.models import Group, Permission

from apps.core.admin_site import TECHNICAL_MODELS
from apps.core.roles import ROLES, role_permissions

pytestmark = pytest.mark.django_db


def _key(permission: Permission) -> str:
    return f"{permission.content_type.app_label}.{permission.codename}"


def test_the_roles_after_migrate_are_the_table():
    every = {_key(p) for p in Permission.objects.select_related("content_type")}
    groups = {group.name: group for group in Group.objects.filter(name__in=list(ROLES))}
    assert set(groups) == set(ROLES)
    for name, group in groups.items():
        held = {_key(p) for p in group.permissions.select_related("content_type")}
        assert held == role_permissions(name, every), name
    assert role_permissions("administrator", every) == every
    assert all(p.split(".")[1].startswith("view_") for p in role_permissions("auditor", every))


def test_only_the_administrator_and_the_auditor_see_technical_models():
    technical = {label.split(".")[0] + "." + label.split(".")[1].lower() for label in TECHNICAL_MODELS}
    for name in ROLES:
        held = Group.objects.get(name=name).permissions.select_related("content_type")
        touched = {f"{p.content_type.app_label}.{p.content_type.model}" for p in held}
        assert bool(touched & technical) == (name in {"administrator", "auditor"}), name


def test_roles_other_than_the_administrator_cannot_manage_operators_or_announce_terms():
    terms = {"wallet.add_withdrawalfeerule", "wallet.add_depositnetwork", "shop.add_level", "orders.add_orderterms"}
    for name in set(ROLES) - {"administrator"}:
        held = {_key(p) for p in Group.objects.get(name=name).permissions.select_related("content_type")}
        assert not {p for p in held if p.startswith("auth.") and not p.startswith("auth.view_")}, name
        assert not held & terms, name
