from django.apps import AppConfig


class LevelsConfig(AppConfig):
    """Merchant levels, in one place: what a level gives, the list on offer, the upgrade, and the level attached to the
    signed-in merchant. Its model, shop.Level, stays in the shop app (its table and migrations)."""

    name = "apps.levels"
    label = "levels"

    def ready(self) -> None:
        from . import authentication  # noqa: F401  (its receiver forgets the cached levels when one is written)
