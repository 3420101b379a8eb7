"""What operators do to a merchant, recorded and told (product.md section 2.9): one row the merchant can list in the
app, and one message in the merchant's language, with the reason. Every operator power over a merchant's account,
money, shop or listings calls operator_action_record in the same transaction as its change."""

from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext_noop

from apps.core import notices

from ..models import Merchant, OperatorAction

# The message body of every operator action: the reason the operator gave.
REASON_BODY = gettext_noop("Reason: %(reason)s")


def operator_action_record(
    *,
    merchant: Merchant,
    operator: User | None,
    kind: str,
    title: str,
    reason: str,
    params: dict[str, Any] | None = None,
    approver: User | None = None,
    target: notices.Target | None = None,
    push: notices.PushKind | None = None,
) -> OperatorAction:
    """Records one operator action on the merchant and sends the merchant a message saying what and why.

    title is a msgid marked with gettext_noop (its %(name)s placeholders filled from params); reason is the
    operator's own words, required, except for the few decisions that need none (approving a registration): the
    message then has the title alone. `push`: the message is also pushed to the merchant's browsers as that kind
    (apps.core.notices.notify).
    """
    params = dict(params or {})
    action = OperatorAction.objects.create(
        merchant=merchant,
        kind=kind,
        title=title,
        params=params,
        reason=reason,
        operator=operator,
        approver=approver,
    )
    body = REASON_BODY if reason else ""
    notices.notify(
        merchant=merchant, title=title, body=body, params={**params, "reason": reason}, target=target, push=push
    )
    return action
