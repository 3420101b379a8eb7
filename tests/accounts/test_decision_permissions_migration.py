"""The merchant decisions' own permissions: an operator or group that could decide merchants (on the merchant's page,
with "change_merchant") keeps those decisions after the migration; nobody else gets them."""

NEW = ["approve_merchant", "close_merchant", "revoke_authtoken"]


def _codenames(permissions):
    return set(permissions.filter(codename__in=NEW).values_list("codename", flat=True))


def test_holders_of_the_permission_that_decided_get_the_decisions_own(migrate_to):
    old = migrate_to([("accounts", "0008_merchant_time_zone")])
    permission = old.get_model("auth", "Permission")
    permission.objects.filter(codename__in=NEW).delete()  # a deployment before the migration never had them
    change_merchant = permission.objects.get(content_type__app_label="accounts", codename="change_merchant")
    change_session = permission.objects.get(content_type__app_label="accounts", codename="change_authtoken")
    group = old.get_model("auth", "Group").objects.create(name="KYC")
    group.permissions.add(change_merchant)
    users = old.get_model("auth", "User").objects
    reviewer = users.create(username="reviewer")
    reviewer.user_permissions.add(change_merchant, change_session)
    helper = users.create(username="helper")

    new = migrate_to([("accounts", "0009_operator_decision_permissions")])
    group = new.get_model("auth", "Group").objects.get(pk=group.pk)
    users = new.get_model("auth", "User").objects
    assert _codenames(group.permissions) == {"approve_merchant", "close_merchant"}
    assert _codenames(users.get(pk=reviewer.pk).user_permissions) == set(NEW)
    assert _codenames(users.get(pk=helper.pk).user_permissions) == set()
