"""The reasoned listing removal's own permission: an operator or group that could delete listings
("delete_shopgoods") keeps the job as "remove_shopgoods" after the migration; nobody else gets it."""


def _removers(holders):
    return set(holders.filter(codename="remove_shopgoods").values_list("codename", flat=True))


def test_holders_of_delete_shopgoods_get_remove_shopgoods(migrate_to):
    old = migrate_to([("catalog", "0005_goods_order_indexes")])
    permission = old.get_model("auth", "Permission")
    permission.objects.filter(codename="remove_shopgoods").delete()  # a deployment before the migration never had it
    delete_goods = permission.objects.get(content_type__app_label="catalog", codename="delete_shopgoods")
    group = old.get_model("auth", "Group").objects.create(name="Catalogue")
    group.permissions.add(delete_goods)
    users = old.get_model("auth", "User").objects
    curator = users.create(username="curator")
    curator.user_permissions.add(delete_goods)
    helper = users.create(username="helper")

    new = migrate_to([("catalog", "0006_listing_removal")])
    users = new.get_model("auth", "User").objects
    assert _removers(new.get_model("auth", "Group").objects.get(pk=group.pk).permissions) == {"remove_shopgoods"}
    assert _removers(users.get(pk=curator.pk).user_permissions) == {"remove_shopgoods"}
    assert _removers(users.get(pk=helper.pk).user_permissions) == set()
