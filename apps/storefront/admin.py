"""The storefront's payments in the operators' console: read-only. A payment "to be given back" (money the provider
took for an order that could not take it) is refunded in the provider's dashboard."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from apps.core.admin import ReadOnlyAdmin

from .models import Payment


@admin.register(Payment)
class PaymentAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "order_number", "provider", "session_id", "amount", "currency", "status"]
    list_filter = ["status", "provider", "created_at"]
    search_fields = ["session_id", "buyer_order__order__number", "buyer_order__email"]
    list_select_related = ["buyer_order__order"]
    exclude = ["url"]

    @admin.display(description=_("order"))
    def order_number(self, obj: Payment) -> str:
        return obj.buyer_order.order.number
