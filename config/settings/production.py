"""Production: everything from the environment; the secrets have no default and start-up fails without them."""

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import (
    NUM_PROXIES,
    cache_from,
    database_for_a_server,
    env,
    logging_config,
    vapid_key_checked,
    with_replica,
)

DEBUG = False
LOGGING = logging_config(env("LOG_FORMAT", default="json"))
SECRET_KEY = env("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS")
DATABASES = with_replica(
    {**database_for_a_server(env.db("DATABASE_URL")), "CONN_MAX_AGE": env.int("DB_CONN_MAX_AGE", default=60)}
)
CACHES = {"default": cache_from("REDIS_URL")}
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default=env("REDIS_URL"))
THIRD_PARTY_SECRET = env("THIRD_PARTY_SECRET")
# Buyers pay for real here: the development provider (free "payments") is refused, Stripe's keys are required.
PAYMENT_PROVIDER = env("PAYMENT_PROVIDER", default="stripe")
if PAYMENT_PROVIDER != "stripe":
    raise ImproperlyConfigured(f"PAYMENT_PROVIDER={PAYMENT_PROVIDER!r}: production takes payments with Stripe only")
STRIPE_SECRET_KEY = env("STRIPE_SECRET_KEY")
STRIPE_WEBHOOK_SECRET = env("STRIPE_WEBHOOK_SECRET")
# Web Push: the server's own VAPID key and a contact for the push services, both required; no local push endpoint.
WEBPUSH_VAPID_PRIVATE_KEY = vapid_key_checked(env("WEBPUSH_VAPID_PRIVATE_KEY"))
WEBPUSH_SUBJECT = env("WEBPUSH_SUBJECT")
if not WEBPUSH_SUBJECT.startswith(("mailto:", "https://")):
    raise ImproperlyConfigured("WEBPUSH_SUBJECT: a mailto: address or an https:// URL is required")
WEBPUSH_ALLOW_LOCAL_ENDPOINTS = False
STOREFRONT_PURGE_URLS = env.list("STOREFRONT_PURGE_URLS", default=[])  # e.g. http://10.0.0.5:8081 (base.py)
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
SESSION_COOKIE_SECURE = env.bool("SECURE_COOKIES", default=True)
CSRF_COOKIE_SECURE = env.bool("SECURE_COOKIES", default=True)

# HTTPS only. Behind a TLS-terminating proxy (NUM_PROXIES > 0) the request's scheme comes from the header it sets,
# X-Forwarded-Proto unless SECURE_PROXY_SSL_HEADER names another; without a proxy no header is believed (a client
# could send it). The health checks answer on plain HTTP for the load balancer.
_ssl_header = env("SECURE_PROXY_SSL_HEADER", default="X-Forwarded-Proto" if NUM_PROXIES > 0 else "")
SECURE_PROXY_SSL_HEADER = ("HTTP_" + _ssl_header.upper().replace("-", "_"), "https") if _ssl_header else None
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
ADMIN_REQUIRE_OTP = env.bool("ADMIN_REQUIRE_OTP", default=True)

if env("AWS_STORAGE_BUCKET_NAME", default=""):
    STORAGES = {
        "default": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": env("AWS_STORAGE_BUCKET_NAME"),
                "endpoint_url": env("AWS_S3_ENDPOINT_URL", default=None),
                "region_name": env("AWS_S3_REGION_NAME", default=None),
                "default_acl": "private",
                "querystring_auth": True,
                "file_overwrite": False,
            },
        },
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
else:
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
