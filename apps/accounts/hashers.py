from django.contrib.auth.hashers import Argon2PasswordHasher


class Argon2Hasher(Argon2PasswordHasher):
    """Argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane).

    Django's defaults (100 MiB, 8 lanes) cost about 0.3 s of CPU per check here, and every login and every money-out
    request checks a password (docs/performance.md). The algorithm name stays "argon2", so hashes made with the
    defaults still verify, and Django re-hashes login passwords to these parameters at the next sign-in.
    """

    time_cost = 2
    memory_cost = 19456
    parallelism = 1
