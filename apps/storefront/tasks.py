"""The storefront's background work: the buyer's e-mails, and giving payments back through the provider. Each is
recorded with its cause and run until done by apps.core.outbox, whose retries (a mail server or the provider away)
replace Celery's."""

from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from apps.core.tasks import money_task, task

from .models import BuyerOrder


@task()
def buyer_order_mail(*, buyer_order_id: int, url: str) -> None:
    """The order's page link, e-mailed to the buyer in the language they ordered in."""
    buyer_order = BuyerOrder.objects.select_related("order__merchant__shop").get(pk=buyer_order_id)
    order = buyer_order.order
    with translation.override(buyer_order.language):
        context = {"order": order, "shop": order.merchant.shop, "url": url}
        subject = _("Your order %(number)s at %(shop)s") % {"number": order.number, "shop": order.merchant.shop.name}
        send_mail(subject, render_to_string("storefront/order_mail.txt", context), None, [buyer_order.email])


@task()
def account_confirm_mail(*, email: str, url: str, language: str) -> None:
    """The link that confirms a buyer's new account, e-mailed in the language they signed up in."""
    with translation.override(language):
        text = render_to_string("storefront/account/confirm_mail.txt", {"url": url})
        send_mail(_("Confirm your email"), text, None, [email])


@money_task()
def payment_refund(*, payment_id: int, reference: str) -> None:
    """The provider gives a paid order's money back (services.payment_refund), once."""
    from .services import payment_refund as refund  # services imports this module

    refund(payment_id=payment_id, reference=reference)
