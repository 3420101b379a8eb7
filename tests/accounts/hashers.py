"""A real password hasher that counts its checks, so a test can tell how many guesses were actually tried."""

import threading

from django.contrib.auth.hashers import MD5PasswordHasher


class CountingHasher(MD5PasswordHasher):
    algorithm = "counting_md5"
    checks = 0
    _lock = threading.Lock()

    def verify(self, password: str, encoded: str) -> bool:
        with CountingHasher._lock:
            CountingHasher.checks += 1
        return super().verify(password, encoded)


COUNTING = ["tests.accounts.hashers.CountingHasher", "django.contrib.auth.hashers.MD5PasswordHasher"]
