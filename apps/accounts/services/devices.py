"""The browsers a merchant signs in on (models.Device).

The app makes a random key once per browser (`device` in the sign-in requests) and keeps it; the server keeps only
its SHA-256, per merchant, so the same browser is a different device for each account signed in on it. A key the
server has not seen for this merchant is a new device.
"""

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from apps.core.i18n import django_lang

from ..models import AuthToken, Device, Merchant
from .security import security_notice

# What the app sends: 16 to 48 random bytes, base64url without padding.
DEVICE_KEY = re.compile(r"[A-Za-z0-9_-]{22,64}")


def device_key_hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def device_seen(*, merchant: Merchant, key: str, user_agent: str = "", ip: str | None = None) -> tuple[Device, bool]:
    """The device a sign-in of `merchant` comes from, and whether it is new (first seen now).

    A missing or malformed key is a new device each time (with no key to find it by again). A new device of an
    account that had one already tells the merchant (the security notice "new_device_sign_in", in the transaction
    that makes the row); the account's first device does not (a new account's first sign-in needs no alarm). Of two
    sign-ins of one browser at once, one makes the row and tells; the other finds it (the unique key), and does not.
    """
    now = timezone.now()
    fields = {"user_agent": user_agent[:255], "ip": ip, "last_seen_at": now}
    known = DEVICE_KEY.fullmatch(key or "") is not None
    key_hash = device_key_hash(f"{merchant.pk}:{key}") if known else _anonymous_hash()
    if known:
        found = Device.objects.filter(key_hash=key_hash).first()
        if found is not None:
            Device.objects.filter(pk=found.pk).update(**fields)
            return found, False
    try:
        with transaction.atomic():
            had_one = Device.objects.filter(merchant=merchant).exists()
            device = Device.objects.create(merchant=merchant, key_hash=key_hash, **fields)
            if had_one:
                new_device_notice(merchant=merchant, device=device)
            return device, True
    except IntegrityError:  # the same browser signing in twice at once: the other request made the row
        return Device.objects.get(key_hash=key_hash), False


def new_device_notice(*, merchant: Merchant, device: Device) -> None:
    """Tells the merchant of a sign-in on a device seen for the first time: which browser and system, from which
    address (and place, where known), when (in the shop's time zone), in the merchant's language."""
    with translation.override(django_lang(merchant.language)):
        words = device_words(device.user_agent).label()
    where = device.ip or "?"
    place = place_of(device.ip)
    if place:
        where = f"{where} ({place})"
    params = {"device": words, "where": where, "time": merchant_time(merchant, device.last_seen_at)}
    security_notice(merchant=merchant, event="new_device_sign_in", params=params)


def merchant_time(merchant: Merchant, moment: datetime) -> str:
    """A time as the merchant reads it: in their shop's time zone, with its offset from UTC (digits, so the same
    in every language): "2026-11-28 09:30 +07:00"."""
    local = timezone.localtime(moment, ZoneInfo(merchant.time_zone or settings.TIME_ZONE))
    offset = local.strftime("%z")
    return f"{local:%Y-%m-%d %H:%M} {offset[:3]}:{offset[3:]}"


# ---------- a device in words ----------
@dataclass(frozen=True)
class DeviceWords:
    """A browser's user agent in words: the browser and the system when recognised, else the agent shortened."""

    browser: str
    system: str
    agent: str

    def label(self) -> str:
        """ "Chrome on Android" in the active language; one of them alone, or the shortened agent."""
        if self.browser and self.system:
            return _("%(browser)s on %(system)s") % {"browser": self.browser, "system": self.system}
        return self.browser or self.system or self.agent or _("Unknown device")


# The first match wins: the browsers that name others in their agent come first (Edge and Samsung Internet say
# Chrome and Safari; Chrome says Safari).
_BROWSERS = (
    ("Edge", re.compile(r"\bEdg(e|A|iOS)?/")),
    ("Samsung Internet", re.compile(r"\bSamsungBrowser/")),
    ("Firefox", re.compile(r"\b(Firefox|FxiOS)/")),
    ("Chrome", re.compile(r"\b(Chrome|CriOS|Chromium)/")),
    ("Safari", re.compile(r"\bVersion/[\d.]+.*\bSafari/|\bMobile/\w+ Safari/")),
)
_SYSTEMS = (
    ("iOS", re.compile(r"\b(iPhone|iPad|iPod)\b")),
    ("Android", re.compile(r"\bAndroid\b")),
    ("Windows", re.compile(r"\bWindows\b")),
    ("macOS", re.compile(r"\bMac OS X\b|\bMacintosh\b")),
    ("Linux", re.compile(r"\bLinux\b|\bX11\b")),
)
AGENT_SHORT = 60


def device_words(user_agent: str) -> DeviceWords:
    """Names the major browsers (Chrome, Safari, Firefox, Edge, Samsung Internet) and systems (Android, iOS, Windows,
    macOS, Linux) in a user agent; for anything else, the agent itself, shortened."""
    agent = (user_agent or "").strip()
    browser = next((name for name, pattern in _BROWSERS if pattern.search(agent)), "")
    system = next((name for name, pattern in _SYSTEMS if pattern.search(agent)), "")
    short = "" if browser or system else (agent if len(agent) <= AGENT_SHORT else agent[: AGENT_SHORT - 1] + "…")
    return DeviceWords(browser=browser, system=system, agent=short)


def place_of(ip: str | None) -> str | None:
    """The city and country of an address, where known: through Django's GeoIP2 when the `geoip2` package and a
    GEOIP_PATH database are installed (neither is, here: then None). Never raises."""
    if not ip or not getattr(settings, "GEOIP_PATH", None):
        return None
    try:
        from django.contrib.gis.geoip2 import GeoIP2  # optional: only with a database

        found = GeoIP2().city(ip)
    except Exception:  # no geoip2 package, no database, a private or unknown address
        return None
    return ", ".join(part for part in (found.get("city"), found.get("country_name")) if part) or None


def _anonymous_hash() -> str:
    return device_key_hash(secrets.token_urlsafe(32))


def device_trust(*, device: Device) -> None:
    """The device passed the second factor (or two-step sign-in was turned on from it): it is not asked again."""
    if device.trusted_at is None:
        device.trusted_at = timezone.now()
        Device.objects.filter(pk=device.pk).update(trusted_at=device.trusted_at)


def session_device(*, token_id: int) -> Device | None:
    """The device a session was opened on (None for a session opened before devices were kept)."""
    return Device.objects.filter(pk__in=AuthToken.objects.filter(pk=token_id).values("device_id")).first()
