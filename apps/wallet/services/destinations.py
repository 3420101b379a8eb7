"""Payout destinations: the bank cards and chain addresses a merchant withdraws to, with a cooling-off.

A new destination (or a changed one: any change of its payout fields is a new destination, the old one removed) is
usable settings.PAYOUT_COOLING_OFF_HOURS after it was added, or at once when the merchant confirms it with the
second factor (two-step sign-in). Someone who got into the account cannot send the balance to their own card at
once: the merchant is told in the app and by mail, and can remove it during the wait. Every write here locks the
merchant row first (the money operations' lock, apps.wallet.operations), so a withdrawal and a removal or a change
of the same destination are serialised: a withdrawal never pays to a removed destination.
"""

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.accounts.models import Merchant
from apps.accounts.services.factors import second_factor_check, second_factor_enabled
from apps.accounts.services.security import security_notice
from apps.core.errors import AppError, ErrorCode, field_error, text_for

from ..constants import (
    ADDRESS_PATTERNS,
    CARD_NUMBER_PATTERN,
    DESTINATIONS_MAX,
    AddressFormat,
    DestinationConfirmation,
    Method,
)
from ..models import PayoutDestination, account_key, masked_card
from .common import active_network


@dataclass(frozen=True)
class PayoutFields:
    """A destination's payout fields, checked (payout_fields_valid)."""

    method: str
    currency: str
    network: str
    holder: str
    bank_name: str
    account: str

    @property
    def key(self) -> str:
        return account_key(self.method, self.account)

    def same_as(self, destination: PayoutDestination) -> bool:
        return (self.method, self.currency, self.network, self.holder, self.bank_name, self.account) == (
            destination.method,
            destination.currency,
            destination.network,
            destination.holder,
            destination.bank_name,
            destination.account,
        )


def cooling_off_hours() -> int:
    """The published wait of a new payout destination, in hours (settings.PAYOUT_COOLING_OFF_HOURS, never negative)."""
    return max(int(settings.PAYOUT_COOLING_OFF_HOURS), 0)


def when_text(moment: datetime) -> str:
    """A moment as a refusal or a notice names it: the same in every language (a notice's mail is written later, in
    the merchant's language), in UTC as the server knows no zone of the reader."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def payout_fields_valid(
    *, method: str, account: str, holder: str, bank_name: str = "", network_code: str = "", currency: str = ""
) -> PayoutFields:
    """The payout fields of a withdrawal or a destination, checked as the withdraw form says (field errors named as
    the API names them)."""
    account, holder, bank_name = account.strip(), holder.strip(), bank_name.strip()
    network = ""
    if method in Method.values and not account:
        raise field_error("account", _("Please enter the card number or address."))
    if method == Method.CHAIN:
        found = active_network(network_code)
        if not re.match(ADDRESS_PATTERNS[AddressFormat(found.address_format)], account):
            raise field_error("account", _("This is not a valid %(network)s address.") % {"network": found.code})
        expected_currency, network, bank_name = found.currency, found.code, ""
    elif method == Method.BANK:
        if not bank_name:
            raise field_error("bank_name", _("Please enter the bank name."))
        if not re.match(CARD_NUMBER_PATTERN, account):
            raise field_error("account", _("The card number is not valid."))
        expected_currency = settings.PLATFORM_CURRENCY
    else:
        raise field_error("method", _("Please choose a withdrawal method."))
    if currency and currency != expected_currency:
        raise field_error("currency", _("This currency is not available for this method."))
    if not holder:
        raise field_error("full_name", _("Please enter your full name."))
    return PayoutFields(method, expected_currency, network, holder, bank_name, account)


def default_name(fields: PayoutFields) -> str:
    """The label of a destination the merchant did not name: "Good Bank •••• 2222", "USDT-TRC20 …E5Lt"."""
    if fields.method == Method.BANK:
        return f"{fields.bank_name[:40]} {masked_card(fields.account)}"
    return f"{fields.network} …{fields.account[-4:]}"


def _notice_params(destination: PayoutDestination) -> dict[str, str]:
    return {
        "name": destination.name,
        "account": destination.account_shown,
        "date": when_text(destination.usable_from),
    }


def destination_missing() -> AppError:
    return AppError(_("This payout destination does not exist."), ErrorCode.NOT_FOUND)


def _lock(merchant: Merchant) -> Merchant:
    return Merchant.objects.select_for_update(no_key=True).get(pk=merchant.pk)


def _live(merchant: Merchant) -> QuerySet[PayoutDestination]:
    return PayoutDestination.objects.filter(merchant=merchant, removed_at__isnull=True)


def _remove(destination: PayoutDestination, now: datetime) -> None:
    destination.removed_at = now
    destination.save(update_fields=["removed_at"])
    security_notice(merchant=destination.merchant, event="destination_removed", params=_notice_params(destination))


@transaction.atomic
def destination_add(*, merchant: Merchant, fields: PayoutFields, name: str = "") -> PayoutDestination:
    """Adds a destination that waits the cooling-off. The same payout fields as a live destination answer that one
    (unchanged); the same account with other fields replaces it (removed, the new one waits again)."""
    name = text_for(PayoutDestination, "name", name, field="name") or default_name(fields)
    locked = _lock(merchant)
    now = timezone.now()
    current = _live(locked).filter(method=fields.method, account_key=fields.key).first()
    if current is not None and fields.same_as(current):
        return current
    if current is None and _live(locked).count() >= DESTINATIONS_MAX:
        raise AppError(
            _("You can keep at most %(maximum)d payout destinations. Remove one you no longer use.")
            % {"maximum": DESTINATIONS_MAX}
        )
    if current is not None:
        current.merchant = locked
        _remove(current, now)
    destination = PayoutDestination.objects.create(
        merchant=locked,
        method=fields.method,
        currency=fields.currency,
        network=fields.network,
        holder=fields.holder,
        bank_name=fields.bank_name,
        account=fields.account,
        account_key=fields.key,
        name=name,
        usable_from=now + timedelta(hours=cooling_off_hours()),
        confirmed_with=DestinationConfirmation.WAITED,
        created_at=now,
    )
    security_notice(merchant=locked, event="destination_added", params=_notice_params(destination))
    return destination


@transaction.atomic
def destination_remove(*, merchant: Merchant, destination_id: int) -> PayoutDestination:
    """Removes one of the merchant's live destinations (also during its wait). Withdrawals made to it keep it."""
    locked = _lock(merchant)
    destination = _live(locked).filter(pk=destination_id).first()
    if destination is None:
        raise destination_missing()
    destination.merchant = locked
    _remove(destination, timezone.now())
    return destination


def destination_confirm(*, merchant: Merchant, destination_id: int, code: str) -> PayoutDestination:
    """Makes a waiting destination usable at once, with the second factor's code (checked, and a wrong one counted,
    before the transaction). Without two-step sign-in the merchant is told it would let them skip the wait."""
    destination = _live(merchant).filter(pk=destination_id).first()
    if destination is None:
        raise destination_missing()
    if destination.usable_from <= timezone.now():
        return destination
    if not second_factor_enabled(merchant):
        raise AppError(
            _(
                "This destination can be used from %(date)s. Turn on two-step sign-in in Personal information to "
                "confirm new destinations at once with its code."
            )
            % {"date": when_text(destination.usable_from)}
        )
    second_factor_check(merchant=merchant, code=code)
    with transaction.atomic():
        locked = _lock(merchant)
        destination = _live(locked).filter(pk=destination_id).first()
        if destination is None:
            raise destination_missing()
        now = timezone.now()
        if destination.usable_from > now:
            destination.usable_from = now
            destination.confirmed_with = DestinationConfirmation.SECOND_FACTOR
            destination.save(update_fields=["usable_from", "confirmed_with"])
            security_notice(merchant=locked, event="destination_confirmed", params=_notice_params(destination))
        return destination


def destination_usable(*, merchant: Merchant, destination_id: int, now: datetime) -> PayoutDestination:
    """The merchant's live destination `destination_id`, when a withdrawal may go to it at `now`; else the refusal
    (field `destination`) saying until when. Call it with the merchant row locked for the decision that counts."""
    destination = _live(merchant).filter(pk=destination_id).first()
    if destination is None:
        raise field_error("destination", _("This payout destination does not exist."), ErrorCode.NOT_FOUND)
    if destination.usable_from > now:
        raise AppError(
            _(
                "This payout destination is new: it can be used from %(date)s. You can confirm it at once with your "
                "two-step sign-in code in Payout destinations."
            )
            % {"date": when_text(destination.usable_from)},
            data={
                "errors": {"destination": [_("Usable from %(date)s.") % {"date": when_text(destination.usable_from)}]},
                "destination": destination.pk,
                "usable_from": destination.usable_from.isoformat(),
            },
        )
    return destination


def withdrawals_not_held(*, merchant: Merchant, now: datetime) -> None:
    """Refuses a withdrawal while the account's withdrawals are held (after a password reset or a recovery)."""
    held = merchant.withdrawals_held_until
    if held is not None and held > now:
        raise AppError(
            _(
                "For your security, withdrawals are paused until %(date)s after the recent change of your sign-in "
                "details."
            )
            % {"date": when_text(held)},
            data={"held_until": held.isoformat()},
        )
