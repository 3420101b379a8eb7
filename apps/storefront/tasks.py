"""The storefront's background work: the buyer's e-mails, and giving payments back through the provider."""

import stripe
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from apps.core.tasks import money_task, task

from .models import BuyerOrder


@task(autoretry_for=(OSError,))  # smtplib's errors are OSErrors: a mail server that is away for a moment
def buyer_order_mail(*, buyer_order_id: int, url: str) -> None:
    """The order's page link, e-mailed to the buyer in the language they ordered in."""
    buyer_order = BuyerOrder.objects.select_related("order__merchant__shop").get(pk=buyer_order_id)
    order = buyer_order.order
    with translation.override(buyer_order.language):
        context = {"order": order, "shop": order.merchant.shop, "url": url}
        subject = _("Your order %(number)s at %(shop)s") % {"number": order.number, "shop": order.merchant.shop.name}
        send_mail(subject, render_to_string("storefront/order_mail.txt", context), None, [buyer_order.email])


@task(autoretry_for=(OSError,))
def account_confirm_mail(*, email: str, url: str, language: str) -> None:
    """The link that confirms a buyer's new account, e-mailed in the language they signed up in."""
    with translation.override(language):
        text = render_to_string("storefront/account/confirm_mail.txt", {"url": url})
        send_mail(_("Confirm your email"), text, None, [email])


@money_task(autoretry_for=(stripe.APIConnectionError, stripe.RateLimitError, stripe.APIError))
def payment_refund(*, payment_id: int, reference: str) -> None:
    """The provider gives a paid order's money back (services.payment_refund), retried while it cannot be reached."""
    from .services import payment_refund as refund  # services imports this module

    refund(payment_id=payment_id, reference=reference)
