"""Account reads: finding an account by what the merchant types, and the merchant summary (getMerInfo)."""

import re
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.errors import AppError, ErrorCode
from apps.core.prepared import Param, Prepared
from apps.core.writers import fields_of

from .answers import MerInfoSerializer, _ShopSummarySerializer
from .constants import RECOVERY_OPEN, MerchantStatus
from .hooks import wallet_summary
from .models import AccountRecovery, AuthToken, InvitationCode, Merchant, OperatorAction, Passkey

_PHONE_NOISE = re.compile(r"[\s\-().]")


def account_normalize(account: str) -> str:
    """Email addresses compare case-insensitively; phone numbers without spaces, dashes or brackets."""
    account = account.strip()
    return account.lower() if "@" in account else _PHONE_NOISE.sub("", account)


def merchant_by_account(*, account: str) -> Merchant | None:
    account = account_normalize(account)
    if not account:
        return None
    lookup = Q(email__iexact=account) if "@" in account else Q(phone=account)
    return Merchant.objects.filter(lookup).first()


def merchant_signed_in_from(*, account: str, ip: str) -> bool:
    """Whether the account's merchant opened a session from this address within the session lifetime."""
    since = timezone.now() - timedelta(days=settings.SESSION_TOKEN_TTL_DAYS)
    merchant = merchant_by_account(account=account)
    return merchant is not None and AuthToken.objects.filter(merchant=merchant, ip=ip, created_at__gte=since).exists()


def invitation_resolve(*, code: str) -> tuple[InvitationCode | None, Merchant | None]:
    """An active platform code, or the personal code of an active merchant; (None, None) when neither."""
    code = code.strip()
    if not code:
        return None, None
    platform = InvitationCode.objects.filter(code__iexact=code, is_active=True).first()
    if platform is not None:
        return platform, None
    inviter = Merchant.objects.filter(invite_code__iexact=code, status=MerchantStatus.ACTIVE).first()
    return None, inviter


# The merchant's own values in the summary (getMerInfo), with its shop's: none is translated, and the password hashes
# are not among them (`has_pay_password` is read in SQL). The wallet's figures and the level are added to the row.
_WALLET = ("balance", "pending_amount", "held_amount", "pending_sales", "total_income")
_SHOP = tuple(f"shop__{name}" for name in fields_of(_ShopSummarySerializer))
_SUMMARY = Prepared(
    lambda: Merchant.objects.filter(pk=Param("merchant")).values(
        *(name for name in fields_of(MerInfoSerializer) if name not in (*_WALLET, "has_pay_password")),
        *_SHOP,
        has_pay_password=~Q(pay_password=""),
    )
)


def merchant_summary(*, merchant: Merchant) -> dict[str, Any]:
    """What getMerInfo shows, read fresh, as a MerInfoSerializer row: the merchant's values with its avatar, its
    `shop` (None without one) with the logo (one query), and the wallet figures (hooks.wallet_summary, filled in by
    the wallet app); the `level` is None here."""
    row = _SUMMARY.row(merchant=merchant.pk)
    if row is None:
        raise Merchant.DoesNotExist
    shop = {name.removeprefix("shop__"): row.pop(name) for name in _SHOP}
    row["shop"] = shop if shop["id"] is not None else None
    row["level"] = None
    row.update(wallet_summary(merchant=merchant))
    return row


def invitation_verify(*, code: str) -> str:
    """The code as stored when it may be used to register; otherwise the translated refusal."""
    platform_code, inviter = invitation_resolve(code=code)
    if platform_code is not None:
        return platform_code.code
    if inviter is not None:
        return inviter.invite_code
    message = _("The invitation code is invalid.")
    raise AppError(message, ErrorCode.INVALID, {"errors": {"invite_code": [message]}})


def operator_action_list(*, merchant: Merchant) -> QuerySet[OperatorAction]:
    """The operator actions on the merchant (the account history), newest first, each with `second_operator`: whether
    a second operator approved it. One query a page (no operator is read: the merchant is not told who)."""
    second = ExpressionWrapper(Q(approver__isnull=False), output_field=BooleanField())
    return (
        OperatorAction.objects.filter(merchant=merchant)
        .annotate(second_operator=second)
        .only("id", "created_at", "kind", "title", "params", "reason")
        .order_by("-created_at", "-id")
    )


def recovery_open(*, merchant: Merchant) -> AccountRecovery | None:
    """The merchant's account recovery in progress (requested or approved, not applied yet), if any."""
    return AccountRecovery.objects.filter(merchant=merchant, status__in=RECOVERY_OPEN).first()


def device_session_list(*, merchant: Merchant) -> QuerySet[AuthToken]:
    """The merchant's open sessions (not signed out, not expired), the most recently used first: one query a page."""
    return (
        AuthToken.objects.filter(merchant=merchant, revoked_at__isnull=True, expires_at__gt=timezone.now())
        .only("id", "created_at", "last_used_at", "user_agent", "ip")
        .order_by("-last_used_at", "-id")
    )


def passkey_list(*, merchant: Merchant) -> QuerySet[Passkey]:
    """The merchant's passkeys, oldest first (at most services.passkeys.PASSKEYS_MAX): one query."""
    return Passkey.objects.filter(merchant=merchant).only("id", "name", "created_at", "last_used_at")
