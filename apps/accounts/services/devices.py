"""The browsers a merchant signs in on (models.Device).

The app makes a random key once per browser (`device` in the sign-in requests) and keeps it; the server keeps only
its SHA-256, per merchant, so the same browser is a different device for each account signed in on it. A key the
server has not seen for this merchant is a new device.
"""

import hashlib
import re
import secrets

from django.db import IntegrityError, transaction
from django.utils import timezone

from ..models import AuthToken, Device, Merchant

# What the app sends: 16 to 48 random bytes, base64url without padding.
DEVICE_KEY = re.compile(r"[A-Za-z0-9_-]{22,64}")


def device_key_hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def device_seen(*, merchant: Merchant, key: str, user_agent: str = "", ip: str | None = None) -> tuple[Device, bool]:
    """The device a sign-in of `merchant` comes from, and whether it is new (first seen now).

    A missing or malformed key is a new device each time (with no key to find it by again).
    """
    now = timezone.now()
    fields = {"user_agent": user_agent[:255], "ip": ip, "last_seen_at": now}
    if not DEVICE_KEY.fullmatch(key or ""):
        return Device.objects.create(merchant=merchant, key_hash=_anonymous_hash(), **fields), True
    key_hash = device_key_hash(f"{merchant.pk}:{key}")
    found = Device.objects.filter(key_hash=key_hash).first()
    if found is not None:
        Device.objects.filter(pk=found.pk).update(**fields)
        return found, False
    try:
        with transaction.atomic():
            return Device.objects.create(merchant=merchant, key_hash=key_hash, **fields), True
    except IntegrityError:  # the same browser signing in twice at once: the other request made the row
        return Device.objects.get(key_hash=key_hash), False


def _anonymous_hash() -> str:
    return device_key_hash(secrets.token_urlsafe(32))


def device_trust(*, device: Device) -> None:
    """The device passed the second factor (or the account had none when it signed in): it is not asked again."""
    if device.trusted_at is None:
        device.trusted_at = timezone.now()
        Device.objects.filter(pk=device.pk).update(trusted_at=device.trusted_at)


def session_device(*, token_id: int) -> Device | None:
    """The device a session was opened on (None for a session opened before devices were kept)."""
    return Device.objects.filter(pk__in=AuthToken.objects.filter(pk=token_id).values("device_id")).first()
