"""The storefront's background work: the buyer's e-mails (orders, sign-ups, new passwords), and giving payments back
through the provider. Each is recorded with its cause and run until done by apps.core.outbox, whose retries (a mail
server or the provider away) replace Celery's."""

import requests
from django.contrib.auth.models import User
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from apps.core.i18n import app_lang
from apps.core.tasks import money_task, task

from . import purge
from .forms import ResetForm
from .models import BuyerOrder, SignUp


@task()
def buyer_order_mail(*, buyer_order_id: int, url: str) -> None:
    """The order's page link, e-mailed to the buyer in the language they ordered in."""
    buyer_order = BuyerOrder.objects.select_related("order__merchant__shop").get(pk=buyer_order_id)
    order = buyer_order.order
    with translation.override(buyer_order.language):
        context = {"order": order, "shop": order.merchant.shop, "url": url}
        subject = _("Your order %(number)s at %(shop)s") % {"number": order.number, "shop": order.merchant.shop.name}
        send_mail(subject, render_to_string("storefront/order_mail.txt", context), None, [buyer_order.email])


def _mail_context(*, domain: str, use_https: bool) -> dict[str, str]:
    """What a mail's links are made of, as Django's PasswordResetForm names it: {{ protocol }}://{{ domain }}<path>,
    and `?lang=` the language the mail is written in."""
    return {
        "protocol": "https" if use_https else "http",
        "domain": domain,
        "lang": app_lang(translation.get_language()),
    }


def _reset_mail(*, email: str, domain: str, use_https: bool, template: str) -> None:
    """Django's password reset mail (its form and token) to the buyer account of this email, if there is one."""
    form = ResetForm({"email": email})
    if form.is_valid():
        form.save(
            domain_override=domain,
            use_https=use_https,
            subject_template_name=f"storefront/account/{template}_subject.txt",
            email_template_name=f"storefront/account/{template}_mail.txt",
            extra_email_context=_mail_context(domain=domain, use_https=use_https),
        )


@task()
def account_sign_up_mail(*, sign_up_id: int, token: str, language: str, domain: str, use_https: bool) -> None:
    """A sign-up's mail, in the language the buyer signed up in: the link that confirms it; or, when its email has an
    account already, a mail that says so with a link to set a new password (the sign-up changes nothing). Nothing
    when the sign-up is gone (its email was confirmed since, or it expired)."""
    pending = SignUp.objects.filter(pk=sign_up_id).first()
    if pending is None:
        return
    with translation.override(language):
        if User.objects.filter(username=pending.email).exists():
            _reset_mail(email=pending.email, domain=domain, use_https=use_https, template="exists")
            return
        context = {**_mail_context(domain=domain, use_https=use_https), "token": token}
        send_mail(
            _("Confirm your email"),
            render_to_string("storefront/account/confirm_mail.txt", context),
            None,
            [pending.email],
        )


@task()
def account_reset_mail(*, email: str, language: str, domain: str, use_https: bool) -> None:
    """The link that sets a new password, mailed in the language asked in to the buyer account of this email, if
    there is one (forms.ResetForm)."""
    with translation.override(language):
        _reset_mail(email=email, domain=domain, use_https=use_https, template="reset")


@money_task()
def payment_refund(*, payment_id: int, reference: str) -> None:
    """The provider gives a paid order's money back (services.payment_refund), once."""
    from .services import payment_refund as refund  # services imports this module

    refund(payment_id=payment_id, reference=reference)


@task(autoretry_for=(requests.RequestException,))
def shop_pages_purge(*, shop_id: int) -> int:
    """Drops the shop's pages from the reverse proxies' caches (apps.storefront.purge)."""
    return purge.shop_pages_purge(shop_id=shop_id)
