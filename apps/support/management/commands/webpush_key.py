"""Prints a new Web Push VAPID private key for WEBPUSH_VAPID_PRIVATE_KEY (the base64url of a raw 32-byte P-256
private key), and the public key browsers will subscribe with. Nothing is stored: put the private key in the
environment's secrets. Changing the key of a running site orphans every subscription (the app subscribes again)."""

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Command(BaseCommand):
    help = "Prints a new VAPID private key for WEBPUSH_VAPID_PRIVATE_KEY and its public key."

    def handle(self, *args: object, **options: object) -> None:
        key = ec.generate_private_key(ec.SECP256R1())
        private = _b64url(key.private_numbers().private_value.to_bytes(32, "big"))
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.stdout.write(f"WEBPUSH_VAPID_PRIVATE_KEY={private}")
        self.stdout.write(f"# public key (GET merchant/push answers it): {_b64url(public)}")
