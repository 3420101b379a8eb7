"""What the storefront keeps of the orders placed in it: the buyer's e-mail and the order page's token, and each
payment started with a provider. The order itself, its money and its status belong to apps.orders."""

import hashlib

from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.core.models import TimeStampedModel
from apps.core.money import MoneyField

from .constants import PAYMENT_TRANSITIONS, PaymentStatus


class BuyerOrder(models.Model):
    """An order placed in the storefront, as its buyer reaches it: by the link with the unguessable token (shown
    after checkout and e-mailed), in the language the buyer ordered in."""

    order = models.OneToOneField(
        "orders.Order", on_delete=models.PROTECT, related_name="buyer_order", verbose_name=_("order")
    )
    token = models.CharField(max_length=43, unique=True)  # secrets.token_urlsafe(32)
    email = models.EmailField(_("email"), db_index=True)  # lower case: a buyer account's orders are found by it
    # The buyer's network address as a keyed hash (never the address itself): with the email, what one buyer's unpaid
    # orders hold is bounded (settings.ORDER_UNPAID_BUYER_MAX_UNITS).
    client = models.CharField(max_length=64, blank=True, db_index=True)
    language = models.CharField(_("language"), max_length=10)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("storefront order")
        verbose_name_plural = _("storefront orders")

    def __str__(self) -> str:
        return str(self.order_id)


class Payment(TimeStampedModel):
    """One attempt to pay an order with a provider (apps.storefront.payments): a buyer whose payment failed starts
    another. Its status follows the provider's signed webhooks; at most one payment of an order is PAID."""

    TRANSITIONS = PAYMENT_TRANSITIONS

    buyer_order = models.ForeignKey(BuyerOrder, on_delete=models.PROTECT, related_name="payments")
    provider = models.CharField(_("provider"), max_length=16)
    session_id = models.CharField(_("provider's reference"), max_length=255)
    url = models.TextField(_("payment page"))
    amount = MoneyField(verbose_name=_("amount"))
    currency = models.CharField(_("currency"), max_length=3)
    status = models.SmallIntegerField(_("status"), choices=PaymentStatus.choices, default=PaymentStatus.OPEN)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("payment")
        verbose_name_plural = _("payments")
        constraints = [
            models.UniqueConstraint(fields=["provider", "session_id"], name="storefront_payment_once"),
            models.UniqueConstraint(
                fields=["buyer_order"], condition=models.Q(status=PaymentStatus.PAID), name="storefront_paid_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.provider} {self.session_id}"


class SignUp(models.Model):
    """One sign-up waiting for its email to be confirmed: the password typed with it (hashed) and the SHA-256 of its
    link's token. Its link, with this password typed again, opens the account with exactly this password
    (apps.storefront.buyers); every sign-up has its own row, so a later one (anyone's) neither changes nor voids an
    earlier one."""

    email = models.EmailField(_("email"), db_index=True)  # lower case
    password = models.CharField(max_length=128)  # Django's hash
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return self.email

    @staticmethod
    def hash(token: str) -> str:
        return hashlib.sha256(token.encode()).hexdigest()


class BuyerSignIn(models.Model):
    """An address a buyer account signed in from, and when it last did: the per-account sign-in limit never holds
    an address the owner signed in from within the session lifetime (apps.storefront.buyers.signed_in_from)."""

    user = models.ForeignKey("auth.User", on_delete=models.CASCADE, related_name="+")
    ip = models.GenericIPAddressField()
    signed_in_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "ip"], name="storefront_buyer_sign_in_once")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.ip}"
