from django.apps import AppConfig


class StorefrontConfig(AppConfig):
    name = "apps.storefront"
    label = "storefront"

    def ready(self) -> None:
        from apps.orders.hooks import buyer_refunded

        from .services import payment_refund_later

        buyer_refunded.register(payment_refund_later)
