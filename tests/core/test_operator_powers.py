"""The operator powers table (docs/operator-powers.md, issue 32) lists every power of the console: what
tests/core/test_admin_permissions.py walks (every registered ModelAdmin's list actions, DecisionAdmin decisions and the
pages a ModelAdmin adds), each with its permission, whether a second operator approves it, and what the merchant is
told. A power added without its row, or a row left behind by a power removed, fails here."""

from pathlib import Path

import pytest
from django.contrib import admin
from django.contrib.auth import get_permission_codename
from django.test import RequestFactory

from apps.core.admin import DecisionAdmin

pytestmark = pytest.mark.django_db

DOC = Path(__file__).resolve().parents[2] / "docs" / "operator-powers.md"
COLUMNS = ["Power", "Where", "Permission", "Second operator", "What the merchant is told"]
DJANGO_PAGES = ("changelist", "add", "history", "delete", "change")  # as test_admin_permissions.py


def _table() -> dict[str, dict[str, str]]:
    """The first table of the document, which opens with "# Operator powers": {power key: {column: text}}."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# Operator powers", "the table's document starts with its title"
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    assert not any(line.startswith("## ") for line in lines[:start]), "the table comes first, before any section"

    def cells(line: str) -> list[str]:
        return [cell.strip() for cell in line.strip().strip("|").split("|")]

    assert cells(lines[start]) == COLUMNS
    rows: dict[str, dict[str, str]] = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        row = dict(zip(COLUMNS, cells(line), strict=True))
        key = row["Power"]
        assert key.startswith("`") and key.endswith("`") and key.count("`") == 2, f"a power is one `key`: {line}"
        assert key[1:-1] not in rows, f"{key} is listed twice"
        rows[key[1:-1]] = row
    return rows


def _request(user):
    request = RequestFactory().get("/admin/")
    request.user = user
    return request


def _permission(model, name: str) -> str:
    """`app.codename` of the permission `name` ("change", "approve", ...) of `model`, as has_<name>_permission
    checks it (apps.core.admin.has_model_permission, Django's own)."""
    return f"{model._meta.app_label}.{get_permission_codename(name, model._meta)}"


def _console(operator) -> dict[str, set[str]]:
    """Every power of the console, as an operator who may do everything has it: {key: the permissions it declares}
    (empty for a page other than a decision's, whose permission its view checks)."""
    powers: dict[str, set[str]] = {}
    request = _request(operator)
    for model, model_admin in admin.site._registry.items():
        for name, (func, _name, _description) in model_admin.get_actions(request).items():
            declared = getattr(func, "allowed_permissions", ())
            powers[f"{model._meta.label}.{name}"] = {_permission(model, p) for p in declared}
        django = {f"{model._meta.app_label}_{model._meta.model_name}_{page}" for page in DJANGO_PAGES}
        pages = {p.name for p in model_admin.get_urls() if p.name and p.name not in django}
        for page in pages:
            powers[f"admin:{page}"] = set()
        if isinstance(model_admin, DecisionAdmin):
            for name, decision in model_admin.decisions.items():
                page = model_admin._url_name(name)
                assert page in pages, f"{model._meta.label}: decision {name} has no page"
                powers[f"admin:{page}"] = {_permission(model, decision.permission)}
    return powers


def test_every_power_of_the_console_is_in_the_table_and_nothing_else(operator):
    console, table = _console(operator), _table()
    assert sorted(set(console) - set(table)) == [], "powers missing from docs/operator-powers.md"
    assert sorted(set(table) - set(console)) == [], "rows of docs/operator-powers.md the console no longer has"


def test_each_row_names_the_permission_the_power_checks_and_says_what_the_merchant_is_told(operator):
    console, table = _console(operator), _table()
    wrong = [
        f"{key}: {permission}"
        for key, permissions in console.items()
        for permission in permissions
        if key in table and f"`{permission}`" not in table[key]["Permission"]
    ]
    assert wrong == [], "the table names another permission than the power checks"
    for key, row in table.items():
        assert row["Permission"].startswith("`"), f"{key}: no permission named"
        assert row["Second operator"] in ("yes", "no"), f"{key}: second operator is yes or no"
        assert row["Where"] and row["What the merchant is told"], f"{key}: an empty cell"


def test_the_walk_finds_the_powers_issue_32_is_about(operator):
    """The walk sees what the console offers (every app loaded): the listing's removal among them."""
    assert {
        "catalog.ShopGoods.remove_listing",
        "support.Broadcast.resume",
        "accounts.Merchant.close",
        "admin:accounts_merchant_close",
        "admin:wallet_withdrawal_pay",
        "catalog.Product.delete_selected",
    } <= set(_console(operator))
    assert not {
        "shop.Shop.delete_selected",
        "catalog.ShopGoods.delete_selected",
        "accounts.Merchant.delete_selected",
    } & set(_console(operator))
