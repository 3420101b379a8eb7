"""What data migrations share. A migration may import from here: these functions take the migration's historical
models (`apps`), never the current ones, so they stay right as the models change."""

from django.conf import settings
from django.db.migrations.state import StateApps


def permission_grant_to_holders(
    apps: StateApps, *, app_label: str, model: str, codename: str, name: str, granted_with: str
) -> None:
    """Makes the permission `codename` of app_label.model (Django creates permissions only after the migrations, so
    it is made here to be granted) and gives it to each group and user holding `granted_with` of the same model:
    whoever could do a job keeps it when the job gets its own permission."""
    content_type = apps.get_model("contenttypes", "ContentType")
    permission = apps.get_model("auth", "Permission")
    group_permissions = apps.get_model("auth", "Group").permissions.through
    user_permissions = apps.get_model(settings.AUTH_USER_MODEL).user_permissions.through
    kind, _ = content_type.objects.get_or_create(app_label=app_label, model=model)
    new, _ = permission.objects.get_or_create(content_type=kind, codename=codename, defaults={"name": name})
    old = permission.objects.filter(content_type=kind, codename=granted_with).first()
    if old is None:
        return
    for through, owner in ((group_permissions, "group_id"), (user_permissions, "user_id")):
        holders = set(through.objects.filter(permission=old).values_list(owner, flat=True))
        holders -= set(through.objects.filter(permission=new).values_list(owner, flat=True))
        through.objects.bulk_create(through(permission=new, **{owner: holder}) for holder in holders)
