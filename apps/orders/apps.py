from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "apps.orders"
    label = "orders"

    def ready(self) -> None:
        from apps.accounts.hooks import time_zone_changed

        from .figures import figures_rebuild_one

        time_zone_changed.register(figures_rebuild_one)
