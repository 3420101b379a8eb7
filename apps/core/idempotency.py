"""`Idempotency-Key` for money-moving POSTs (api.md): the same key and body answer the first answer again and
move nothing; the same key with another body is refused.

Usage on an APIView:

    class ExtractApi(APIView):
        @idempotent("wallet.extract")
        def post(self, request): ...

The view runs in one transaction with the claim on the key, so its effects and the stored answer commit
together (a crash leaves neither). A concurrent request with the same key waits on the unique index until the
first commits, then replays its answer. Rejections (AppError, validation) are not stored: nothing moved, and the
same key may be sent again; what the view wrote outside its services (the payment password try counter) stays.
"""

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.response import Response

from .errors import AppError, ErrorCode
from .models import IdempotencyRecord

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 100
# For extend_schema(parameters=[...]) on idempotent views.
IDEMPOTENCY_PARAMETER = OpenApiParameter(
    HEADER, str, OpenApiParameter.HEADER, required=False, description="Replays the first answer for a repeated key."
)


def _request_hash(request: Request) -> str:
    data = request.data.dict() if hasattr(request.data, "dict") else request.data
    body = json.dumps(data, sort_keys=True, default=str)
    # Keyed hash: the body may hold the payment password.
    return salted_hmac("idempotency", body, algorithm="sha256").hexdigest()


def _replay(record: IdempotencyRecord, request_hash: str) -> Response:
    if record.request_hash != request_hash:
        raise AppError(_("This Idempotency-Key was already used for a different request."), ErrorCode.CONFLICT)
    return Response(record.response, status=record.status_code)


def idempotent(scope: str) -> Callable:
    def decorator(method: Callable[..., Response]) -> Callable[..., Response]:
        @wraps(method)
        def wrapper(view: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
            key = request.headers.get(HEADER)
            if not key:
                return method(view, request, *args, **kwargs)
            if len(key) > MAX_KEY_LENGTH:
                raise AppError(_("The Idempotency-Key is too long (at most 100 characters)."))
            request_hash = _request_hash(request)
            lookup = {"merchant": request.user, "scope": scope, "key": key}
            done = IdempotencyRecord.objects.filter(**lookup).first()
            if done is not None:
                return _replay(done, request_hash)
            error: Exception | None = None
            with transaction.atomic():
                try:
                    with transaction.atomic():
                        record = IdempotencyRecord.objects.create(**lookup, request_hash=request_hash)
                except IntegrityError:
                    record = None  # another request with this key committed first
                if record is not None:
                    try:
                        response = method(view, request, *args, **kwargs)
                    except (AppError, exceptions.ValidationError) as exc:
                        error = exc
                        record.delete()
                    else:
                        record.status_code = response.status_code
                        record.response = response.data
                        record.save(update_fields=["status_code", "response"])
                        return response
            if error is not None:
                raise error
            return _replay(IdempotencyRecord.objects.get(**lookup), request_hash)

        wrapper.idempotency_scope = scope  # type: ignore[attr-defined]  # the schema documents the header
        return wrapper

    return decorator
