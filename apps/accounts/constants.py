from django.db import models
from django.utils.translation import gettext_lazy as _


class MerchantStatus(models.TextChoices):
    PENDING = "pending", _("Under review")
    ACTIVE = "active", _("Active")
    REJECTED = "rejected", _("Rejected")
    CLOSED = "closed", _("Closed")


# The state machine of a merchant account (product.md section 3).
MERCHANT_TRANSITIONS: dict[str, set[str]] = {
    MerchantStatus.PENDING: {MerchantStatus.ACTIVE, MerchantStatus.REJECTED},
    MerchantStatus.REJECTED: {MerchantStatus.PENDING},  # re-submitted
    MerchantStatus.ACTIVE: {MerchantStatus.CLOSED},
    MerchantStatus.CLOSED: {MerchantStatus.ACTIVE},
}
