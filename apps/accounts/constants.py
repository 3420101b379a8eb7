from django.db import models
from django.utils.translation import gettext_lazy as _
from django_countries import Countries


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


class MerchantCountries(Countries):
    """The countries a merchant registers from (Merchant.country holds the ISO 3166-1 alpha-2 code): the list the
    front end offers (COUNTRY_CODES in frontend/src/features/account/countries.ts; tests/accounts/test_countries.py
    keeps the two equal), that is django-countries' list without seven uninhabited or nearly uninhabited territories,
    and with Kosovo under its user-assigned code XK."""

    override = {code: None for code in ("AQ", "BV", "GS", "HM", "SJ", "TF", "UM")} | {"XK": _("Kosovo")}


MERCHANT_COUNTRIES = MerchantCountries()

# Third-party sign-in (services.sessions.third_party_link_verify): a partner's link expires at most this far ahead,
# and a link `third` answered "unknown identity" to stays usable once for tkregister this long.
THIRD_PARTY_LINK_MAX_SECONDS = 10 * 60
THIRD_PARTY_REGISTRATION_SECONDS = 60 * 60
