"""Settings shared by every environment. Values that differ come from the environment."""

import re
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import environ
from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent
env = environ.Env()

DEBUG = False
SECRET_KEY = env("DJANGO_SECRET_KEY", default="")
ALLOWED_HOSTS: list[str] = env.list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1"])

INSTALLED_APPS = [
    "modeltranslation",  # before admin, as its docs require
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "axes",  # operators' sign-in lockout (AXES_* below)
    "django_otp",  # operators' second factor (ADMIN_REQUIRE_OTP below)
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",  # one-time codes to enrol the first device (`addstatictoken`)
    "django_countries",  # the ISO 3166-1 country list and its names in each language (Merchant.country)
    "apps.core",
    "apps.accounts",
    "apps.shop",
    "apps.levels",
    "apps.catalog",
    "apps.orders",
    "apps.wallet",
    "apps.alliance",
    "apps.support",
    "apps.storefront",
]
# Merchants are not Django users (operators are); apps below accounts refer to them through this setting.
MERCHANT_MODEL = "accounts.Merchant"

# apps.core.middleware's SessionMiddleware, LocaleMiddleware, AuthenticationMiddleware, OTPMiddleware and
# MessageMiddleware are Django's and django-otp's, passed by API requests, which use none of them (PagesOnly).
MIDDLEWARE = [
    "apps.core.logs.RequestLogMiddleware",  # first: every answer, a redirect or a refusal too, has its id and line
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "apps.core.middleware.ContentSecurityPolicyMiddleware",  # django-csp's, with a fixed policy for the API
    "apps.core.middleware.SessionMiddleware",
    "apps.core.replica.ReadYourWritesMiddleware",  # a buyer's form: that browser reads from the primary a while
    "apps.core.middleware.ApiEnvelopeMiddleware",
    "apps.core.middleware.LangHeaderMiddleware",
    "apps.core.middleware.LocaleMiddleware",
    "apps.core.middleware.CommonMiddleware",  # Django's, redirecting only a GET or HEAD to the final slash
    "django.middleware.csrf.CsrfViewMiddleware",
    "apps.core.middleware.AuthenticationMiddleware",
    "apps.core.middleware.OTPMiddleware",
    "apps.core.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as its docs require
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]


SQLITE_BUSY_TIMEOUT = env.int("SQLITE_BUSY_TIMEOUT", default=20)  # seconds a SQLite writer waits for the lock


def database_for_a_server(database: dict[str, Any]) -> dict[str, Any]:
    """The database set up for web servers with Celery workers beside them. An `OPTIONS` given in DATABASE_URL wins.

    SQLite: WAL lets readers and the writer work at once; IMMEDIATE transactions take the write lock when they begin,
    so two transactions that read then write wait their turn (the busy timeout) instead of failing "database is
    locked"; synchronous=NORMAL is safe under WAL.

    PostgreSQL: the values travel apart from the statement (server-side binding), and psycopg prepares a statement
    the second time a connection runs it, so PostgreSQL no longer parses and plans it: the hot reads run a few
    statements with new values each time (apps.core.prepared), and planning was half of their database CPU.
    DB_PREPARED_STATEMENTS=false turns that off, for a connection pooler in transaction mode that does
    not keep prepared statements (PgBouncer before 1.21, or without max_prepared_statements).
    """
    engine = database.get("ENGINE")
    if engine == "django.db.backends.sqlite3":
        options: dict[str, Any] = {
            "transaction_mode": "IMMEDIATE",
            "timeout": SQLITE_BUSY_TIMEOUT,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    elif engine == "django.db.backends.postgresql" and env.bool("DB_PREPARED_STATEMENTS", default=True):
        options = {"server_side_binding": True, "prepare_threshold": 1}
    else:
        return database
    return {**database, "OPTIONS": {**options, **database.get("OPTIONS", {})}}


# A PostgreSQL streaming replica the storefront's pages may read from (apps.core.replica); none by default.
DATABASE_REPLICA_URL = env("DATABASE_REPLICA_URL", default="")
DATABASE_REPLICA_MAX_LAG = env.float("DATABASE_REPLICA_MAX_LAG", default=2.0)  # seconds behind: then the primary
DATABASE_REPLICA_CHECK_SECONDS = 1.0  # how old the lag each process acts on may be
DATABASE_REPLICA_CONNECT_TIMEOUT = env.int("DATABASE_REPLICA_CONNECT_TIMEOUT", default=2)  # libpq's least is 2


def with_replica(default: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """DATABASES: `default` (the primary), and `replica` when DATABASE_REPLICA_URL names one: the primary's server
    options and connection age, a short connect timeout (an unreachable replica is left for the primary), and in
    tests the primary's test database (Django's MIRROR)."""
    if not DATABASE_REPLICA_URL:
        return {"default": default}
    replica = database_for_a_server(env.db_url_config(DATABASE_REPLICA_URL))
    replica["OPTIONS"] = {"connect_timeout": DATABASE_REPLICA_CONNECT_TIMEOUT, **replica.get("OPTIONS", {})}
    replica["CONN_MAX_AGE"] = default.get("CONN_MAX_AGE", 0)
    replica["TEST"] = {"MIRROR": "default"}
    return {"default": default, "replica": replica}


DATABASE_ROUTERS = ["apps.core.replica.ReplicaRouter"] if DATABASE_REPLICA_URL else []
DATABASES = with_replica(database_for_a_server(env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")))
DATABASES["default"]["ATOMIC_REQUESTS"] = False
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Operators (Django users) sign in to the admin. django-axes counts failed sign-ins per username and client address
# (the address by apps.core.throttles.client_ip, so NUM_PROXIES decides which address that is) and locks that pair
# out for a cool-off after ADMIN_LOGIN_FAILURE_LIMIT failures, the right password included; another address or
# another username is not locked. `manage.py axes_reset` (or deleting the access attempt in the admin) unlocks.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = env.int("ADMIN_LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("ADMIN_LOCKOUT_MINUTES", default=30))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "apps.core.throttles.client_ip"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "admin/locked_out.html"
AXES_VERBOSE = False
# A TOTP code from a confirmed device after the password (apps.core.admin_site); on by default in production.
ADMIN_REQUIRE_OTP = env.bool("ADMIN_REQUIRE_OTP", default=False)
OTP_TOTP_ISSUER = env("OTP_TOTP_ISSUER", default="Merchant back-office")
# Passkeys (WebAuthn by py_webauthn, apps.accounts.webauthn): the relying party id (a host name) and the origin the
# browser reports.
# Empty: the request's host name and scheme://host (behind proxies that rewrite Host, set both).
WEBAUTHN_RP_ID = env("WEBAUTHN_RP_ID", default="")
WEBAUTHN_ORIGIN = env("WEBAUTHN_ORIGIN", default="")
WEBAUTHN_RP_NAME = env("WEBAUTHN_RP_NAME", default=OTP_TOTP_ISSUER)

PASSWORD_HASHERS = [
    "apps.accounts.hashers.Argon2Hasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Languages: the app's seven codes map onto Django's (see apps.core.i18n).
LANGUAGE_CODE = "ru"
LANGUAGES = [
    ("en", _("English")),
    ("zh-hans", _("Simplified Chinese")),
    ("zh-hant", _("Traditional Chinese")),
    ("ru", _("Russian")),
    ("ko", _("Korean")),
    ("ja", _("Japanese")),
    ("th", _("Thai")),
]
MODELTRANSLATION_DEFAULT_LANGUAGE = "ru"
MODELTRANSLATION_FALLBACK_LANGUAGES = ("ru", "en")
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = env("STATIC_ROOT", default=str(BASE_DIR / "static_build"))
# The built app (frontend/dist/app, webpack) and the files served as they are (frontend/public: the favicon).
STATICFILES_DIRS = [BASE_DIR / "frontend" / "dist", BASE_DIR / "frontend" / "public"]
MEDIA_URL = "/media/"
SERVE_MEDIA = env.bool("SERVE_MEDIA", default=False)
MEDIA_ROOT = env("MEDIA_ROOT", default=str(BASE_DIR / "media"))
STORAGES: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# A content-hashed file never changes, so WhiteNoise lets browsers keep it for good ("immutable", ten years): webpack's
# chunks (`1010.a2e181e87c.js`, 10 hex digits) and the copies Django's manifest storage makes in production
# (`main.0123456789ab.js`, 12). Anything else (an unhashed `main.js`) keeps WhiteNoise's short max-age.
_CONTENT_HASHED = re.compile(r"\.[0-9a-f]{10,12}\.[A-Za-z0-9]+$")


def _immutable_static_file(path: str, url: str) -> bool:
    return _CONTENT_HASHED.search(url) is not None


WHITENOISE_IMMUTABLE_FILE_TEST = _immutable_static_file
DATA_UPLOAD_MAX_MEMORY_SIZE = 12 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 12 * 1024 * 1024

# How many reverse proxies of ours append to X-Forwarded-For in front of the app (0: use the socket address; a
# client's own X-Forwarded-For is never believed). apps.core.throttles.client_ip applies it.
NUM_PROXIES = env.int("NUM_PROXIES", default=0)
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["apps.levels.authentication.LevelTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["apps.core.renderers.ApiJSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        "rest_framework.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "EXCEPTION_HANDLER": "apps.core.exceptions.envelope_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "apps.core.schema.AutoSchema",
    "DEFAULT_THROTTLE_CLASSES": [  # by apps.core.throttles.client_ip (NUM_PROXIES above), not DRF's get_ident
        "apps.core.throttles.AnonRateThrottle",
        "apps.core.throttles.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env("THROTTLE_ANON", default="120/min"),
        "user": env("THROTTLE_USER", default="600/min"),
        "login_ip": env("THROTTLE_LOGIN_IP", default="20/min"),
        "login_pair": env("THROTTLE_LOGIN_PAIR", default="10/min"),  # one account from one address
        "login_account": env("THROTTLE_LOGIN_ACCOUNT", default="30/hour"),  # one account, every address but known ones
        "send_code": env("THROTTLE_SEND_CODE", default="5/hour"),
        "upload": env("THROTTLE_UPLOAD", default="60/min"),
        "support_send": env("THROTTLE_SUPPORT_SEND", default="20/min"),  # customer-support messages per merchant
        "checkout": env("THROTTLE_CHECKOUT", default="20/hour"),  # storefront orders placed and payments started
        "order_action": env("THROTTLE_ORDER_ACTION", default="30/hour"),  # buyers' cancels, receipts, refunds, ratings
        "buyer_sign_in": env("THROTTLE_BUYER_SIGN_IN", default="10/min"),  # storefront sign-in tries per address
        "buyer_sign_up": env("THROTTLE_BUYER_SIGN_UP", default="10/hour"),  # storefront accounts opened per address
        "visit": env("THROTTLE_VISIT", default="60/min"),  # storefront visit beacons per address
        "intake_shop": env("THROTTLE_INTAKE_SHOP", default="600/min"),  # intake visits and follows per shop
        "intake_visitor": env("THROTTLE_INTAKE_VISITOR", default="30/min"),  # the same, per visitor or buyer and shop
        # storefront sign-in tries per account, every address but the ones its buyer signed in from
        "buyer_sign_in_account": env("THROTTLE_BUYER_SIGN_IN_ACCOUNT", default="30/hour"),
        "buyer_reset": env("THROTTLE_BUYER_RESET", default="10/hour"),  # storefront new-password links per address
        "export": env("THROTTLE_EXPORT", default="5/min"),  # a merchant's exports asked for (merchant/export)
        "export_day": env("THROTTLE_EXPORT_DAY", default="100/day"),
    },
    "UNAUTHENTICATED_USER": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Merchant API",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "OAS_VERSION": "3.1.0",
    "DESCRIPTION": (
        "The merchant back-office API. Every answer is the envelope {code, msg, data}: code 1 success; code 0 a "
        "rejection with a translated msg (HTTP 200; field errors in data.errors); code 401 not signed in (HTTP 401). "
        "Headers: `token` (session), `lang` (en, zh-CN, zh-Hant, ru-RU, han, ri, tai), `Idempotency-Key` on "
        "money-moving POSTs. Lists take page (from 1) and limit (default 20, max 100). An operation takes only the "
        "query parameters and body fields it lists: any other is refused with code 0, a message naming it and "
        "data.errors keyed by its name (data.error 1011), and nothing is changed."
    ),
    "SCHEMA_PATH_PREFIX": "/merchant/",
    "SERVE_AUTHENTICATION": [],  # public; a stale `token` header must not turn it into a 401
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "apps.core.schema.closed_request_bodies",
        "apps.core.schema.warn_untyped_values",
    ],
    # One name per shared choice set (the same set under two field names would get two names).
    "ENUM_NAME_OVERRIDES": {
        "PaymentMethodEnum": "apps.wallet.constants.Method",
        "GoodsStatusEnum": [("selling", "selling"), ("stock", "stock")],
        "MerchantStatusEnum": "apps.accounts.constants.MerchantStatus",
        "RecoveryStatusEnum": "apps.accounts.constants.RecoveryStatus",
        "ContactKindEnum": "apps.accounts.constants.ContactKind",
        "DepositStatusEnum": "apps.wallet.constants.DepositStatus",
        "WithdrawalStatusEnum": "apps.wallet.constants.WithdrawalStatus",
        "OrderStatusEnum": "apps.orders.constants.OrderStatus",
        "RefundStatusEnum": "apps.orders.constants.RefundStatus",
        "RefundGoodsStatusEnum": "apps.orders.constants.GoodsStatus",
        "PickResultEnum": "apps.orders.constants.PickResult",
        "CreditEventKindEnum": "apps.orders.constants.CreditEventKind",
        "OrderSourceEnum": "apps.orders.constants.OrderSource",
        "NoticeTypeEnum": "apps.support.constants.NoticeType",
    },
}


def cache_from(url_variable: str, **default: str) -> dict[str, Any]:
    """The cache a URL in the environment names; Django's Redis backend is swapped for apps.core.cache.RedisCache,
    which keeps one client per server instead of building one per operation."""
    cache = env.cache(url_variable, **default)
    if cache["BACKEND"] == "django.core.cache.backends.redis.RedisCache":
        cache["BACKEND"] = "apps.core.cache.RedisCache"
    return cache


CACHES = {"default": cache_from("CACHE_URL", default="locmemcache://")}

# Celery: configured from settings with the CELERY_ namespace (docs/operations.md: the processes and the queues).
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="filesystem://")
# Redis as broker: a task a worker took and never acknowledged (the worker died) goes back to the queue after the
# visibility timeout, so it must exceed the longest task and countdown; RabbitMQ requeues it when the connection drops.
CELERY_BROKER_TRANSPORT_OPTIONS: dict = env.json(
    "CELERY_BROKER_TRANSPORT_OPTIONS", default={"visibility_timeout": 3600}
)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_RESULT_BACKEND = None
# A task is acknowledged when it ends, not when it starts: a worker killed mid-task leaves it to another worker, and
# the services' row locks and state checks make the second run a no-op when the first one had committed.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1  # a worker holds one task at a time beyond the ones it runs
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_WORKER_HIJACK_ROOT_LOGGER = False  # workers log through LOGGING below (JSON lines in production)
CELERY_TIMEZONE = "UTC"
# Queues: "money" (settlement, the order windows, chain deposits) is never stuck behind "bulk" (sweeps that move no
# money); "default" takes the rest. apps.core.tasks declares each task's queue.
TASK_QUEUES = ("money", "default", "bulk")
CELERY_TASK_DEFAULT_QUEUE = "default"
CELERY_TASK_CREATE_MISSING_QUEUES = True
# Periodic work, declared in code (each app adds its entries here). Run exactly one beat; a second one would only
# send each task twice, which the tasks' claims make harmless (docs/operations.md).
CELERY_BEAT_SCHEDULE: dict = {
    "wallet-verify-chain-deposits": {
        "task": "apps.wallet.tasks.verify_chain_deposits",
        "schedule": env.float("BEAT_CHAIN_DEPOSITS_SECONDS", default=60.0),
    },
    "orders-move-due": {
        "task": "apps.orders.tasks.orders_move_due",
        "schedule": env.float("BEAT_ORDERS_MOVE_DUE_SECONDS", default=60.0),
    },
    "orders-pickup-remind": {"task": "apps.orders.tasks.orders_pickup_remind", "schedule": 5 * 60.0},
    "orders-poll-tracking": {"task": "apps.orders.tasks.tracking_poll", "schedule": 15 * 60.0},
    "orders-credit-recovery": {"task": "apps.orders.tasks.credit_recovery", "schedule": 60 * 60.0},
    "wallet-withdrawals-overdue": {"task": "apps.wallet.tasks.withdrawals_overdue", "schedule": 10 * 60.0},
    "core-outbox-sweep": {"task": "apps.core.tasks.outbox_sweep", "schedule": 60.0},
    "accounts-apply-recoveries": {"task": "apps.accounts.tasks.recoveries_apply_due", "schedule": 5 * 60.0},
}
# The heartbeat (apps.core.heartbeat): the beat sends it to each queue every HEARTBEAT_SECONDS and records when; the
# worker that runs it records when, for its queue. /readyz and the admin's index show both, and call one stale after
# four beats without it (a message that waited that long is dropped, so a backlog does not replay them).
HEARTBEAT_SECONDS = env.float("BEAT_HEARTBEAT_SECONDS", default=30.0)
CELERY_BEAT_SCHEDULE |= {
    f"core-heartbeat-{queue}": {
        "task": "apps.core.heartbeat.heartbeat",
        "schedule": HEARTBEAT_SECONDS,
        "args": [queue],
        "options": {"queue": queue, "expires": 4 * HEARTBEAT_SECONDS},
    }
    for queue in TASK_QUEUES
}
CELERY_BEAT_SCHEDULE_FILENAME = env("CELERY_BEAT_SCHEDULE_FILENAME", default="celerybeat-schedule")
# Off in production: the folder where `make prod-smoke` arms a pause point to kill a worker there (apps.core.faults).
FAULT_PAUSE_DIR = env("FAULT_PAUSE_DIR", default="")

EMAIL_BACKEND = env("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="no-reply@localhost")
SMS_BACKEND = env("SMS_BACKEND", default="apps.accounts.sms.LoggingSmsBackend")

# Business settings (product.md); changing them is a deployment decision.
PLATFORM_CURRENCY = env("PLATFORM_CURRENCY", default="USD")
SESSION_TOKEN_TTL_DAYS = env.int("SESSION_TOKEN_TTL_DAYS", default=30)
PAY_PASSWORD_MAX_TRIES = 5
PAY_PASSWORD_LOCK_MINUTES = 15
ONE_TIME_CODE_TTL_MINUTES = 10
# An account recovery (a merchant's contact details changed by operators, product.md 2.9) takes effect this long after
# a second operator approves it; until then the merchant, told at the old contact and in the app, can cancel it.
ACCOUNT_RECOVERY_DELAY_HOURS = env.int("ACCOUNT_RECOVERY_DELAY_HOURS", default=72)
THIRD_PARTY_SECRET = env("THIRD_PARTY_SECRET", default="")
# A new or changed payout destination (a bank card or chain address withdrawn to) waits this long before its first
# withdrawal unless confirmed with the second factor; withdrawals wait it too after a password reset or a recovery.
# Shown on the withdraw screen.
PAYOUT_COOLING_OFF_HOURS = env.int("PAYOUT_COOLING_OFF_HOURS", default=24)
# The merchant app's public address, for links in mails and text messages (a security notice's "This wasn't me").
APP_URL = env("APP_URL", default="http://localhost:8000").rstrip("/")
# The reverse proxies whose caches hold the storefront's pages, each its purge listener's base URL
# (deploy/nginx/merchant.conf): a shop's pages are purged there when they change (apps.storefront.purge). None here.
STOREFRONT_PURGE_URLS: list[str] = []
# How long a security notice's "This wasn't me" link works.
NOT_ME_LINK_DAYS = env.int("NOT_ME_LINK_DAYS", default=7)
# Order windows and delays (product.md 5.2), shown to the merchant on each order before it pays.
ORDER_PAYMENT_WINDOW_MINUTES = env.int("ORDER_PAYMENT_WINDOW_MINUTES", default=30)
# What an order awaiting payment holds of the catalogue's stock (apps.orders.services.order_create), so that unpaid
# orders cannot keep goods from the buyers who pay: at most ORDER_UNPAID_MAX_UNITS units of a product per order, and
# all unpaid orders together at most ORDER_UNPAID_STOCK_PERCENT % of a product's units (rounded down). An order past
# either bound is still placed, holding nothing: its goods are taken from the stock when it is paid, if still there.
# The storefront refuses a checkout that would make one buyer's unpaid orders (by address or email) hold more than
# ORDER_UNPAID_BUYER_MAX_UNITS units at once.
ORDER_UNPAID_MAX_UNITS = env.int("ORDER_UNPAID_MAX_UNITS", default=10)
ORDER_UNPAID_STOCK_PERCENT = env.int("ORDER_UNPAID_STOCK_PERCENT", default=50)
ORDER_UNPAID_BUYER_MAX_UNITS = env.int("ORDER_UNPAID_BUYER_MAX_UNITS", default=20)
# The order windows and the settlement delay are published terms (apps.orders.models.OrderTerms): these values are
# their first version (the migration that created them, and while no version is in force); operators announce the
# next ones in the admin, within the bounds below (inclusive).
ORDER_PICKUP_WINDOW_HOURS = env.int("ORDER_PICKUP_WINDOW_HOURS", default=48)
# A picked-up order not shipped within this many hours is cancelled: its cost back to the merchant, the buyer refunded,
# no credit event.
ORDER_SHIP_WINDOW_HOURS = env.int("ORDER_SHIP_WINDOW_HOURS", default=72)
ORDER_RECEIVE_DAYS_AFTER_SHIPMENT = env.int("ORDER_RECEIVE_DAYS_AFTER_SHIPMENT", default=10)
ORDER_RECEIVE_DAYS_AFTER_DELIVERY = env.int("ORDER_RECEIVE_DAYS_AFTER_DELIVERY", default=3)
ORDER_SETTLEMENT_DELAY_DAYS = env.int("ORDER_SETTLEMENT_DELAY_DAYS", default=7)
ORDER_PICKUP_WINDOW_HOURS_BOUNDS = (24, 168)
ORDER_SHIP_WINDOW_HOURS_BOUNDS = (24, 336)
ORDER_RECEIVE_DAYS_AFTER_SHIPMENT_BOUNDS = (1, 30)
ORDER_RECEIVE_DAYS_AFTER_DELIVERY_BOUNDS = (0, 14)
ORDER_SETTLEMENT_DELAY_DAYS_BOUNDS = (0, 14)
# Level terms (apps.shop.models.Level), versions announced in the admin: profit margin as a fraction (0.01 = 1 %),
# product quantity and upgrade price, each within these bounds (inclusive).
LEVEL_MARGIN_MIN = Decimal(env("LEVEL_MARGIN_MIN", default="0.01"))
LEVEL_MARGIN_MAX = Decimal(env("LEVEL_MARGIN_MAX", default="0.60"))
LEVEL_PRODUCTS_MIN = env.int("LEVEL_PRODUCTS_MIN", default=1)
LEVEL_PRODUCTS_MAX = env.int("LEVEL_PRODUCTS_MAX", default=10000)
LEVEL_PRICE_MAX = Decimal(env("LEVEL_PRICE_MAX", default="100000.00"))
# The terms screen lists at most this many replaced versions of each kind of terms (the newest).
TERMS_HISTORY_SHOWN = 20
# Published terms (apps.core.terms): a new version of fees, level terms, deposit addresses, bank details, the referral
# rate, the order windows or the settlement delay applies no earlier than this many days after it is announced.
TERMS_NOTICE_DAYS = env.int("TERMS_NOTICE_DAYS", default=7)
# A withdrawal in review is decided (paid or not approved) within this many hours: published on the withdraw screen and
# kept on each withdrawal as its deadline; past it, the withdrawal is flagged to operators and the merchant is told,
# and the merchant may cancel it any time while it is in review. Bounded (apps.wallet.constants, a system check).
WITHDRAWAL_REVIEW_HOURS = env.int("WITHDRAWAL_REVIEW_HOURS", default=48)
# Bounds of the withdrawal rule and the deposit networks (apps.wallet.models): no version of them can go past these,
# so no rule makes withdrawing or depositing impossible (a fee of 100 %, a huge minimum). The percentage stays at most
# 100 and amounts at least 0 whatever these say (database constraints).
WITHDRAWAL_FEE_PERCENT_MAX = env.str("WITHDRAWAL_FEE_PERCENT_MAX", default="5.00")
WITHDRAWAL_FEE_FIXED_MAX = env.str("WITHDRAWAL_FEE_FIXED_MAX", default="10.00")
WITHDRAWAL_MINIMUM_MAX = env.str("WITHDRAWAL_MINIMUM_MAX", default="100.00")
DEPOSIT_MINIMUM_MAX = env.str("DEPOSIT_MINIMUM_MAX", default="100.00")
DEPOSIT_CONFIRMATIONS_MAX = env.int("DEPOSIT_CONFIRMATIONS_MAX", default=64)
# A credit score below 100 and unchanged for this many days recovers a point (apps.orders.constants.CREDIT_POINTS).
CREDIT_RECOVERY_DAYS = env.int("CREDIT_RECOVERY_DAYS", default=7)
# How the storefront takes buyers' payments (apps.storefront.payments): "stripe" (Stripe Checkout) or "dev" (a test
# page, no money moves; `make run` and the tests, refused in production). Stripe's keys: the secret API key and the
# webhook endpoint's signing secret; STRIPE_API_BASE points the library at another API address (a local stand-in).
PAYMENT_PROVIDER = env("PAYMENT_PROVIDER", default="dev")
DEV_PAYMENT_SECRET = env("DEV_PAYMENT_SECRET", default="")
STRIPE_SECRET_KEY = env("STRIPE_SECRET_KEY", default="")
STRIPE_WEBHOOK_SECRET = env("STRIPE_WEBHOOK_SECRET", default="")
STRIPE_API_BASE = env("STRIPE_API_BASE", default="")
# Web Push (apps.support.push): the VAPID key the server signs its pushes with (RFC 8292), as the base64url of its raw
# 32-byte P-256 private key (`manage.py webpush_key` makes one), and the contact the push services see in them (a
# mailto: or an https: URL). Production requires both; `make run` makes its own key once (var/), the tests have theirs.
# Changing the key orphans every subscription (the browsers hold the old public key): the app subscribes again.
WEBPUSH_VAPID_PRIVATE_KEY = env("WEBPUSH_VAPID_PRIVATE_KEY", default="")
WEBPUSH_SUBJECT = env("WEBPUSH_SUBJECT", default="mailto:push@localhost")
# The push services a subscription may point to (host suffixes, https only): the browsers' vendors'. The server posts
# to nothing else, so a subscription cannot aim its requests at an inner address.
WEBPUSH_ENDPOINT_HOSTS = env.list(
    "WEBPUSH_ENDPOINT_HOSTS",
    default=["fcm.googleapis.com", "push.services.mozilla.com", "notify.windows.com", "push.apple.com"],
)
# Subscriptions on http://127.0.0.1 or http://localhost (a local push endpoint: the tests'); also allowed when DEBUG.
WEBPUSH_ALLOW_LOCAL_ENDPOINTS = False


def vapid_key_checked(value: str, name: str = "WEBPUSH_VAPID_PRIVATE_KEY") -> str:
    """`value` when it is the base64url of a raw P-256 private key (32 bytes), else ImproperlyConfigured."""
    import base64

    from cryptography.hazmat.primitives.asymmetric import ec
    from django.core.exceptions import ImproperlyConfigured

    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        if len(raw) != 32:
            raise ValueError("not 32 bytes")
        ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    except ValueError as exc:
        raise ImproperlyConfigured(
            f"{name}: the base64url of a raw 32-byte P-256 private key is required (manage.py webpush_key): {exc}"
        ) from exc
    return value


def vapid_key_file(path: Path) -> str:
    """The development VAPID key kept in `path`, made there on first use (readable by its owner only)."""
    if not path.exists():
        import base64
        import os

        from cryptography.hazmat.primitives.asymmetric import ec

        number = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
        key = base64.urlsafe_b64encode(number.to_bytes(32, "big")).rstrip(b"=").decode()
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(key)
    return vapid_key_checked(path.read_text().strip(), str(path))


# A storefront request is signed, with its storefront's key, within this many seconds of its timestamp
# (apps.orders.intake).
STOREFRONT_SIGNATURE_WINDOW_SECONDS = 300
# Where shipping steps come from besides operators (apps.orders.tracking): a carrier integration's backend.
TRACKING_PROVIDER = env("TRACKING_PROVIDER", default="apps.orders.tracking.ManualTrackingProvider")
UPLOAD_MAX_BYTES = env.int("UPLOAD_MAX_BYTES", default=8 * 1024 * 1024)
PRIVATE_LINK_TTL_SECONDS = env.int("PRIVATE_LINK_TTL_SECONDS", default=600)
# How long the link of an export asked for (merchant/export) downloads it.
EXPORT_LINK_TTL_SECONDS = env.int("EXPORT_LINK_TTL_SECONDS", default=300)
# The largest amount one operation accepts (env MONEY_MAX_DEPOSIT=...), published on the screens; "input" bounds any
# other amount typed (operators' prices, fees). apps.core.money caps them all at 9999999999999.99 (SQLite exact).
MONEY_MAX = {
    operation: env.str(f"MONEY_MAX_{operation.upper()}", default=default)
    for operation, default in {
        "input": "100000000.00",
        "deposit": "1000000.00",
        "withdrawal": "500000.00",
        "adjustment": "1000000.00",
        "credit": "1000000.00",
    }.items()
}

# Content-Security-Policy (django-csp) on every answer: the app shell loads only same-origin scripts and styles (no
# inline script or style, no eval), images from here plus data: (QR codes) and blob:, and calls the API on the same
# origin; the Django admin fits the same policy. CSP_EXTRA_IMG_SRC adds image origins (e.g. the S3 bucket's URL).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:", "blob:", *env.list("CSP_EXTRA_IMG_SRC", default=[])],
        "font-src": [SELF, "data:"],
        "connect-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}


def logging_config(log_format: str) -> dict[str, Any]:
    """One line per record on standard error; "json" (production's default) writes each as a JSON object, with the
    request id of the request or the id of the Celery task it belongs to (apps.core.logs)."""
    json_lines = log_format == "json"
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": "apps.core.logs.JsonFormatter"}},
        "handlers": {"console": {"class": "logging.StreamHandler", **({"formatter": "json"} if json_lines else {})}},
        "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
        "loggers": {
            # Each request has its line from apps.core.logs.RequestLogMiddleware (the text format leaves it out:
            # runserver writes its own); Django's warning for a 4xx would say it again, a 5xx keeps its traceback.
            "apps.requests": {"level": "INFO" if json_lines else "WARNING"},
            "django.request": {"level": "ERROR" if json_lines else "WARNING"},
        },
    }


LOGGING = logging_config(env("LOG_FORMAT", default="text"))
