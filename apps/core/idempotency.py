"""`Idempotency-Key` for money-moving POSTs (api.md): the same key and body have no second effect and answer
with the object the first request made or changed, as it is now; the same key with another body is refused.

What a replay answers is that object read again, not a copy of the first answer: the key keeps which object (its
model and id), never the response. So a withdrawal cancelled since, or an order shipped since, comes back cancelled
or shipped; the replay moves nothing and says where the object stands now. A client that retries after a lost
answer reads the same object the first request made, in its current state.

The view declares its scope and hands the key to the service; the service runs its write through `run_once`
(money operations through apps.wallet.operations.money_operation, which does it for them):

    class ExtractApi(ApiView):
        idempotency_scope = "wallet.extract"        # also documents the header in the schema

        def post(self, request):
            ...
            withdrawal = services.withdrawal_create(..., idempotency=IdempotencyKey.from_request(request, self))
            return ok(WithdrawalOutputSerializer(withdrawal).data)

The write and the claim on the key commit together (a crash leaves neither). A concurrent request with the same
key waits on the unique index until the first commits, then gets the first one's object. A rejection (AppError)
rolls the claim back with the write: nothing moved, and the same key may be sent again; what `before` wrote
outside the transaction (the payment password try counter) stays.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.apps import apps
from django.db import IntegrityError, models, transaction
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from rest_framework.request import Request

from .errors import AppError, ErrorCode
from .models import IdempotencyRecord

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 100

M = TypeVar("M", bound=models.Model)


@dataclass(frozen=True)
class IdempotencyKey:
    merchant_id: int
    scope: str
    key: str
    fingerprint: str  # a keyed hash of the request body

    @classmethod
    def from_request(cls, request: Request, view: Any) -> "IdempotencyKey | None":
        """The request's key in the view's `idempotency_scope`; None when the client sent none."""
        key = request.headers.get(HEADER)
        if not key:
            return None
        if len(key) > MAX_KEY_LENGTH:
            raise AppError(_("The Idempotency-Key is too long (at most 100 characters)."))
        data = request.data.dict() if hasattr(request.data, "dict") else dict(request.data)
        # The payment password is not part of what the request asks for: a retry after a lost answer with the
        # password mistyped still gets the first result (nothing moves twice; no password is checked for it).
        data.pop("pay_password", None)
        body = json.dumps(data, sort_keys=True, default=str)
        fingerprint = salted_hmac("idempotency", body, algorithm="sha256").hexdigest()
        return cls(merchant_id=request.user.pk or 0, scope=view.idempotency_scope, key=key, fingerprint=fingerprint)

    def _lookup(self) -> dict[str, Any]:
        return {"merchant_id": self.merchant_id, "scope": self.scope, "key": self.key}


def _first_result(record: IdempotencyRecord, key: IdempotencyKey) -> Any:
    """The object the key's first request returned, read now (its current state, not the first answer's), or a
    refusal when this request's body is not the first one's."""
    if record.request_hash != key.fingerprint:
        raise AppError(_("This Idempotency-Key was already used for a different request."), ErrorCode.CONFLICT)
    result = record.result or {}
    return apps.get_model(result["model"])._default_manager.get(pk=result["pk"])


def run_once(key: IdempotencyKey | None, write: Callable[[], M], *, before: Callable[[], None] | None = None) -> M:
    """Runs `write` in a transaction, once per key: a repeated key returns the object the first run returned, as it
    is now (read again: what happened to it since shows).

    `before` runs first, outside the transaction, and is skipped for a repeat (the payment password check).
    """
    if key is not None:
        done = IdempotencyRecord.objects.filter(**key._lookup()).first()
        if done is not None:
            return _first_result(done, key)
    if before is not None:
        before()
    with transaction.atomic():
        if key is None:
            return write()
        try:
            with transaction.atomic():
                record = IdempotencyRecord.objects.create(**key._lookup(), request_hash=key.fingerprint)
        except IntegrityError:
            record = None  # another request with this key committed first
        if record is not None:
            result = write()
            record.result = {"model": result._meta.label_lower, "pk": result.pk}
            record.save(update_fields=["result"])
            return result
    return _first_result(IdempotencyRecord.objects.get(**key._lookup()), key)
