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


class CodePurpose(models.TextChoices):
    """What a one-time code is for: a code sent for one purpose never serves another (a code that proves a new
    address cannot reset the password)."""

    PASSWORD = "password", "password reset"
    CONTACT = "contact", "contact change"
    VERIFY = "verify", "contact verification"


class ContactKind(models.TextChoices):
    """The merchant's two contact details, each changed only by the merchant (a code to the new address) or by an
    account recovery (product.md section 2.9)."""

    EMAIL = "email", _("email")
    PHONE = "phone", _("phone")


class RecoveryStatus(models.TextChoices):
    REQUESTED = "requested", _("Requested")
    APPROVED = "approved", _("Approved")
    CANCELLED = "cancelled", _("Cancelled")
    REJECTED = "rejected", _("Rejected")
    APPLIED = "applied", _("Applied")


# An account recovery (models.AccountRecovery): one operator requests it, a second approves or rejects it, the
# merchant may cancel it until it applies, ACCOUNT_RECOVERY_DELAY_HOURS after the approval.
RECOVERY_TRANSITIONS: dict[str, set[str]] = {
    RecoveryStatus.REQUESTED: {RecoveryStatus.APPROVED, RecoveryStatus.REJECTED, RecoveryStatus.CANCELLED},
    RecoveryStatus.APPROVED: {RecoveryStatus.APPLIED, RecoveryStatus.REJECTED, RecoveryStatus.CANCELLED},
}
RECOVERY_OPEN = (RecoveryStatus.REQUESTED, RecoveryStatus.APPROVED)

# The kinds of operator actions on a merchant's account (OperatorAction.kind), one constant each.
ACTION_REGISTRATION_APPROVED = "registration_approved"
ACTION_REGISTRATION_REJECTED = "registration_rejected"
ACTION_SHOP_CLOSED = "shop_closed"
ACTION_SHOP_REOPENED = "shop_reopened"
ACTION_SESSIONS_REVOKED = "sessions_revoked"
ACTION_DETAILS_CHANGED = "account_details_changed"
ACTION_RECOVERY_REQUESTED = "account_recovery_requested"
ACTION_RECOVERY_APPROVED = "account_recovery_approved"
ACTION_RECOVERY_REJECTED = "account_recovery_rejected"
ACTION_RECOVERY_APPLIED = "account_recovery_applied"
