"""The operators' roles (issue 35): named auth Groups with least privilege, defined here once.

`ROLES` maps each role (the Group's name) to the permissions it holds, as "app_label.codename". Two roles are written
as a rule rather than a list: the auditor holds every `view_` permission (and nothing else), the administrator every
permission. `role_permissions(name, every)` turns an entry into the set of "app_label.codename" out of `every`
permission that exists.

Migration core.0009_operator_roles creates the Groups from a frozen copy of this table (a migration must do the same
on a fresh database whatever this module says later, and can only name permissions of models that exist at its point
in the history). tests/core/test_roles.py checks that the Groups after every migration equal this table: a change
here needs a new migration that applies it (with its own copy of the table, as 0009 has).
docs/operator-powers.md ("Roles") describes each role.
"""

from collections.abc import Iterable

VIEW_EVERYTHING = "view:*"  # every view_ permission
EVERYTHING = "*"  # every permission

ROLES: dict[str, frozenset[str] | str] = {
    # Registrations (KYC): review registrations, correct a name or country, account recoveries (a second operator
    # approves one another requested).
    "registrations": frozenset(
        {
            "accounts.view_merchant",
            "accounts.change_merchant",
            "accounts.approve_merchant",
            "accounts.view_accountrecovery",
            "accounts.request_accountrecovery",
            "accounts.approve_accountrecovery",
            "accounts.view_invitationcode",
            "shop.view_shop",
        }
    ),
    # Finance: deposits, withdrawals, balance adjustments (requested by one, approved by another member), the money
    # terms in force (looked at, announced by the administrator).
    "finance": frozenset(
        {
            "wallet.view_deposit",
            "wallet.change_deposit",
            "wallet.view_withdrawal",
            "wallet.change_withdrawal",
            "wallet.view_payoutdestination",
            "wallet.view_adjustment",
            "wallet.add_adjustment",
            "wallet.approve_adjustment",
            "wallet.view_depositnetwork",
            "wallet.view_bankdepositdetails",
            "wallet.view_withdrawalfeerule",
        }
    ),
    # Fulfilment: shipping (one, a selection, a CSV file), tracking, deliveries, refunds.
    "fulfilment": frozenset(
        {
            "orders.view_order",
            "orders.change_order",
            "orders.view_orderline",
            "orders.view_trackingevent",
            "orders.view_refund",
            "orders.change_refund",
            "orders.view_creditevent",
            "orders.view_orderterms",
        }
    ),
    # Support: conversations, broadcasts, announcements, the customer-service links. Not the merchants' list (whoever
    # may view merchants sees the registrations queue): a broadcast to chosen merchants is the administrator's.
    "support": frozenset(
        {
            "support.view_conversation",
            "support.change_conversation",
            "support.view_supportmessage",
            "support.view_broadcast",
            "support.add_broadcast",
            "support.view_announcement",
            "support.add_announcement",
            "support.change_announcement",
            "support.delete_announcement",
            "support.view_supportlink",
            "support.add_supportlink",
            "support.change_supportlink",
            "support.delete_supportlink",
        }
    ),
    # Catalogue: products (and their CSV import), categories, listings in shops (removed with a reason).
    "catalogue": frozenset(
        {
            "catalog.view_category",
            "catalog.add_category",
            "catalog.change_category",
            "catalog.delete_category",
            "catalog.view_product",
            "catalog.add_product",
            "catalog.change_product",
            "catalog.delete_product",
            "catalog.view_productimage",
            "catalog.add_productimage",
            "catalog.change_productimage",
            "catalog.delete_productimage",
            "catalog.view_shopgoods",
            "catalog.remove_shopgoods",
        }
    ),
    # Auditor: looks at everything (an authenticator's secret stays hidden from whoever may not change it), decides
    # nothing.
    "auditor": VIEW_EVERYTHING,
    # Administrator: everything, operators' accounts and roles and the published terms included.
    "administrator": EVERYTHING,
}


def role_permissions(name: str, every: Iterable[str]) -> set[str]:
    """The permissions ("app_label.codename") of role `name` among `every` permission that exists."""
    spec = ROLES[name]
    every = set(every)
    if spec == EVERYTHING:
        return every
    if spec == VIEW_EVERYTHING:
        return {p for p in every if p.split(".", 1)[1].startswith("view_")}
    return set(spec) & every
