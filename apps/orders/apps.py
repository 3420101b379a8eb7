from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "apps.orders"
    label = "orders"

    def ready(self) -> None:
        from apps.accounts.hooks import shop_closed_changed, time_zone_changed

        from .figures import figures_rebuild_one
        from .services import pickup_windows_on_shop_closed

        time_zone_changed.register(figures_rebuild_one)
        shop_closed_changed.register(pickup_windows_on_shop_closed)
