"""A real password hasher that counts its checks and hashings (how many guesses were tried; what a request did)."""

import threading

from django.contrib.auth.hashers import MD5PasswordHasher


class CountingHasher(MD5PasswordHasher):
    algorithm = "counting_md5"
    checks = 0
    encodes = 0
    _lock = threading.Lock()

    def encode(self, password: str, salt: str) -> str:
        with CountingHasher._lock:
            CountingHasher.encodes += 1
        return super().encode(password, salt)

    def verify(self, password: str, encoded: str) -> bool:
        with CountingHasher._lock:
            CountingHasher.checks += 1
        return super().verify(password, encoded)


COUNTING = ["tests.accounts.hashers.CountingHasher", "django.contrib.auth.hashers.MD5PasswordHasher"]
