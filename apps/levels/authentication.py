"""The signed-in merchant with its level attached (`merchant.level`), read with the session in the same statement:
the authentication settings.REST_FRAMEWORK configures."""

import copy
from typing import Any

from django.db.models import F
from django.db.models.signals import post_save
from django.dispatch import receiver

from apps.accounts.authentication import TokenHeaderAuthentication, session_read
from apps.accounts.models import Merchant
from apps.shop.models import Level

# Levels by id, each with the `announced_at` it was read with. A level row is a version of a level's terms that never
# changes once written (apps.core.terms; on PostgreSQL the database refuses UPDATE too), so a row read once is the
# row in every process; a merchant moves to another level by pointing at another row. `announced_at`, read with the
# merchant on every request, and the forgetting on insert only guard against an id used again for another row (a
# database emptied and filled again, as between tests).
_levels: dict[int, tuple[object, Level]] = {}


@receiver(post_save, sender=Level)
def _forget_levels(**kwargs: object) -> None:
    _levels.clear()


def _level(level_id: int, announced: object) -> Level:
    cached = _levels.get(level_id)
    if cached is None or cached[0] != announced:
        cached = _levels[level_id] = (announced, Level.objects.get(pk=level_id))
    return copy.copy(cached[1])  # a request may annotate its level; the cached one stays as read


class LevelTokenAuthentication(TokenHeaderAuthentication):
    """The session token's merchant (TokenHeaderAuthentication), its level's `announced_at` read in the same
    statement (with the id, what tells the row) and its level attached from the cache above."""

    session = session_read(level_announced=F("merchant__level__announced_at"))

    def attach(self, merchant: Merchant, session: dict[str, Any]) -> None:
        if merchant.level_id is not None:
            merchant.level = _level(merchant.level_id, session["level_announced"])
