from django.apps import AppConfig


class ShopConfig(AppConfig):
    name = "apps.shop"
    label = "shop"

    def ready(self) -> None:
        from apps.accounts.hooks import merchant_registered

        from .services import shop_open

        merchant_registered.register(shop_open)
