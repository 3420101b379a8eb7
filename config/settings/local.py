"""The embedded default used by `make run`: SQLite, files under media/, Celery on the filesystem broker."""

from .base import *  # noqa: F403
from .base import BASE_DIR, env

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env("DJANGO_SECRET_KEY", default="local-development-only-not-secret")
ALLOWED_HOSTS = ["*"]
THIRD_PARTY_SECRET = env("THIRD_PARTY_SECRET", default="local-third-party-secret")
STOREFRONT_SECRET = env("STOREFRONT_SECRET", default="local-storefront-secret")
DEV_PAYMENT_SECRET = env("DEV_PAYMENT_SECRET", default="local-dev-payment-secret")

_broker_dir = BASE_DIR / "var" / "broker"
for _sub in ("out", "processed", "control"):
    (_broker_dir / _sub).mkdir(parents=True, exist_ok=True)
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="filesystem://")
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "data_folder_in": str(_broker_dir / "out"),
    "data_folder_out": str(_broker_dir / "out"),
    "data_folder_processed": str(_broker_dir / "processed"),
    "control_folder": str(_broker_dir / "control"),  # the worker's broadcast exchanges (kombu's default is ./control)
}
CELERY_BEAT_SCHEDULE_FILENAME = str(BASE_DIR / "var" / "celerybeat-schedule")
SERVE_MEDIA = True
DEMO_DATA_ALLOWED = True
