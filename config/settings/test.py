"""Test settings: SQLite by default, PostgreSQL when DATABASE_URL says so; tasks run eagerly."""

from .base import *  # noqa: F403
from .base import BASE_DIR, database_for_a_server, env

SECRET_KEY = "test-only-not-secret"
ALLOWED_HOSTS = ["*"]
DATABASES = {"default": database_for_a_server(env.db("DATABASE_URL", default="sqlite:///:memory:"))}
DATABASE_ROUTERS = []  # no replica (tests/core/test_replica.py starts one of its own)
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher", "apps.accounts.hashers.Argon2Hasher"]
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BROKER_URL = "memory://"
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
SMS_BACKEND = "apps.accounts.sms.LoggingSmsBackend"
THIRD_PARTY_SECRET = "test-third-party-secret"
PAYMENT_PROVIDER = "dev"
DEV_PAYMENT_SECRET = "test-dev-payment-secret"
STRIPE_SECRET_KEY = "sk_test_storefront"
STRIPE_WEBHOOK_SECRET = "whsec_test_storefront"
MEDIA_ROOT = str(BASE_DIR / "var" / "test-media")
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

SERVE_MEDIA = True
DEMO_DATA_ALLOWED = True
# Web Push: a key for the tests only (never used elsewhere); the local push endpoint (tests/push_endpoint.py) allowed.
WEBPUSH_VAPID_PRIVATE_KEY = "3nZcqjp4pH_6-RDZl-G26Dl1h71SWJvmQ2kqGUvW_VA"
WEBPUSH_SUBJECT = "mailto:push-tests@example.com"
WEBPUSH_ALLOW_LOCAL_ENDPOINTS = True
