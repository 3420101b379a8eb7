"""The one way any status changes (conventions.md 5: state machines are tables).

A model with a state machine names its status field and its table of allowed moves (in its app's constants.py):

    class Deposit(models.Model):
        STATUS_FIELD = "status"                      # the default
        TRANSITIONS = DEPOSIT_TRANSITIONS            # {from: {to, ...}, ...}
        TRANSITION_REFUSED = gettext_lazy("This request was already decided.")   # optional

`transition(obj, to, actor=..., note=...)` (or `message=..., params=...` for the platform's own wording) locks the row
(FOR NO KEY UPDATE, as every lock: the lock order of apps.wallet.operations), checks the move, saves the new status
with the other fields of the move, writes one append-only StatusChange and returns the object.
"""

from typing import Any, TypeVar

from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .errors import AppError, ErrorCode
from .models import StatusChange
from .prepared import Param, Prepared

M = TypeVar("M", bound=models.Model)

# Who decides: an operator (a staff user), or None for the platform itself (a task, a storefront's call).
Operator = User | None


def _label(model: type[models.Model], field: str, value: Any) -> str:
    choices = dict(getattr(model._meta.get_field(field), "flatchoices", ()))
    return str(choices.get(value, value))


@transaction.atomic
def transition(
    obj: M,
    to: Any,
    *,
    actor: Any = None,
    note: str = "",
    message: str = "",
    params: dict[str, Any] | None = None,
    changes: dict[str, Any] | None = None,
) -> M:
    """Moves `obj` to status `to` once: the row is locked, so of two concurrent moves one is refused.

    Why it moved is `note`, someone's own words (an operator's reason, a reference) kept as written, or `message`,
    the platform's own wording: a msgid marked with gettext_noop, its %(name)s placeholders filled from `params`,
    translated when shown (StatusChange.rendered_note). `changes` are other fields saved with the move (a reviewer,
    a reason). Raises AppError (ErrorCode.STATE) for a move the table does not allow; `obj` then keeps its fields.
    """
    model = type(obj)
    field = getattr(model, "STATUS_FIELD", "status")
    table: dict[Any, set[Any]] = model.TRANSITIONS  # type: ignore[attr-defined]  # the convention above
    current = model._default_manager.select_for_update(no_key=True).values_list(field, flat=True).get(pk=obj.pk)
    if to not in table.get(current, set()):
        refused = getattr(model, "TRANSITION_REFUSED", None) or _("This cannot change from %(current)s to %(target)s.")
        params = {"current": _label(model, field, current), "target": _label(model, field, to)}
        raise AppError(str(refused) % params, ErrorCode.STATE, {"status": current})
    changes = {field: to, **(changes or {})}
    for name, value in changes.items():
        setattr(obj, name, value)
    update_fields = list(changes)
    if any(f.name == "updated_at" for f in model._meta.concrete_fields):
        update_fields.append("updated_at")
    obj.save(update_fields=update_fields)
    StatusChange.objects.create(
        content_type=ContentType.objects.get_for_model(model),
        object_id=obj.pk,
        from_status=str(current),
        to_status=str(to),
        actor=actor,
        note=message or note[:255],
        params=(params or {}) if message else None,
    )
    return obj


def reviewed(operator: Operator, note: str) -> dict[str, Any]:
    """The fields a decision on a deposit, withdrawal or refund sets beside its status (transition's `changes`)."""
    return {"reviewed_by": operator, "reviewed_at": timezone.now(), "review_note": note[:255]}


_HISTORY = Prepared(
    lambda: (
        StatusChange.objects.filter(content_type_id=Param("content_type"), object_id=Param("object"))
        .order_by("created_at", "id")
        .values("to_status", "created_at")
    )
)


def status_history_values(model: type[models.Model], pk: int) -> list[dict]:
    """The status changes of one object of `model` as plain values (to_status, created_at), oldest first."""
    return _HISTORY.rows(content_type=ContentType.objects.get_for_model(model).pk, object=pk)
