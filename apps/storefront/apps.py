from django.apps import AppConfig


class StorefrontConfig(AppConfig):
    name = "apps.storefront"
    label = "storefront"

    def ready(self) -> None:
        from apps.catalog.hooks import storefront_changed
        from apps.orders.hooks import buyer_refunded

        from . import cache
        from .purge import on_shop_pages_changed
        from .services import payment_refund_later
        from .signals import shop_pages_changed

        buyer_refunded.register(payment_refund_later)
        storefront_changed.register(cache.storefront_changed)
        cache.connect()
        shop_pages_changed.connect(on_shop_pages_changed, dispatch_uid="storefront-purge")
