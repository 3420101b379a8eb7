"""The storefront's orders and payments in the operators' console, read-only: a storefront order's buyer e-mail (to
reach the buyer), and each payment's provider, reference and state. A payment "to be given back" (money a provider
took for an order that could not take it) is refunded in the provider's dashboard."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from apps.core.admin import ReadOnlyAdmin

from .models import BuyerOrder, Payment


def _order_link(order) -> str:
    return format_html('<a href="{}">{}</a>', reverse("admin:orders_order_change", args=[order.pk]), order.number)


@admin.register(BuyerOrder)
class BuyerOrderAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "order_number", "email", "language"]
    search_fields = ["order__number", "email"]
    list_select_related = ["order"]
    exclude = ["token"]  # the buyer's key to the order page

    @admin.display(description=_("order"))
    def order_number(self, obj: BuyerOrder) -> str:
        return _order_link(obj.order)


@admin.register(Payment)
class PaymentAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "order_number", "provider", "session_id", "amount", "currency", "status"]
    list_filter = ["status", "provider", "created_at"]
    search_fields = ["session_id", "buyer_order__order__number", "buyer_order__email"]
    list_select_related = ["buyer_order__order"]
    exclude = ["url"]

    @admin.display(description=_("order"))
    def order_number(self, obj: Payment) -> str:
        return _order_link(obj.buyer_order.order)
