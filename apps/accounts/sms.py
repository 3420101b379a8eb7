"""Sending text messages. The project talks to an SMS gateway only through `SmsBackend`.

settings.SMS_BACKEND names the class; development and tests use LoggingSmsBackend, which only logs.
A production gateway is a class with the same `send` method.
"""

import logging
from typing import Protocol

from django.conf import settings
from django.utils.module_loading import import_string

log = logging.getLogger(__name__)


class SmsBackend(Protocol):
    def send(self, *, phone: str, text: str) -> None: ...


class LoggingSmsBackend:
    """Development backend: writes the message to the log (and keeps it in `outbox` for tests)."""

    outbox: list[tuple[str, str]] = []

    def send(self, *, phone: str, text: str) -> None:
        self.outbox.append((phone, text))
        log.info("SMS to %s: %s", phone, text)


def sms_send(*, phone: str, text: str) -> None:
    backend: SmsBackend = import_string(settings.SMS_BACKEND)()
    backend.send(phone=phone, text=text)
