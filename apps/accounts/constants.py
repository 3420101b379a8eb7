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

# Third-party sign-in (services.sessions.third_party_link_verify): a partner's link expires at most this far ahead,
# and a link `third` answered "unknown identity" to stays usable once for tkregister this long.
THIRD_PARTY_LINK_MAX_SECONDS = 10 * 60
THIRD_PARTY_REGISTRATION_SECONDS = 60 * 60
