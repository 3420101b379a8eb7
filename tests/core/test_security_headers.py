"""A strict Content-Security-Policy on every answer, and production's HTTPS settings from the environment
(finding 12)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = [part.strip().split() for part in header.split(";") if part.strip()]
    return {name: values for name, *values in directives}


def assert_strict(csp: dict[str, list[str]]) -> None:
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"]
    assert csp["style-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"]
    assert csp["base-uri"] == ["'none'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["connect-src"] == ["'self'"]
    assert set(csp["img-src"]) == {"'self'", "data:", "blob:"}
    for values in csp.values():
        assert "'unsafe-inline'" not in values and "'unsafe-eval'" not in values and "*" not in values


@pytest.mark.parametrize("path", ["/", "/login", "/withdraw"])
def test_app_shell_has_a_strict_policy(path):
    response = Client().get(path)
    assert response.status_code == 200
    assert_strict(policy(response))


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("get", "/merchant/merchant/getMerInfo", 401),
        ("post", "/merchant/merchant/login", 200),
        ("get", "/merchant/no/such/path", 404),
    ],
)
def test_api_answers_load_nothing_and_are_never_framed(method, path, status):
    """An API answer is JSON: OWASP's policy for APIs, not the app shell's."""
    response = getattr(Client(), method)(path, content_type="application/json", HTTP_LANG="en")
    assert response.status_code == status
    assert policy(response) == {"default-src": ["'none'"], "frame-ancestors": ["'none'"]}


def test_admin_sign_in_has_the_policy_and_no_inline_script():
    response = Client().get("/admin/login/")
    assert response.status_code == 200
    assert_strict(policy(response))
    html = response.content.decode()
    assert "<script>" not in html and " style=" not in html and "onclick=" not in html


PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "DJANGO_SECRET_KEY": "x" * 50,
    "DJANGO_ALLOWED_HOSTS": "shop.example.com",
    "DATABASE_URL": "postgres://u:p@db:5432/merchant",
    "REDIS_URL": "redis://redis:6379/0",
    "THIRD_PARTY_SECRET": "t",
    "STOREFRONT_SECRET": "s",
    "STRIPE_SECRET_KEY": "sk_live_x",
    "STRIPE_WEBHOOK_SECRET": "whsec_x",
    "WEBPUSH_VAPID_PRIVATE_KEY": "3nZcqjp4pH_6-RDZl-G26Dl1h71SWJvmQ2kqGUvW_VA",  # the tests' (config.settings.test)
    "WEBPUSH_SUBJECT": "mailto:ops@example.com",
}
NAMES = [
    "SECURE_SSL_REDIRECT",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_PROXY_SSL_HEADER",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "ADMIN_REQUIRE_OTP",
    "CONTENT_SECURITY_POLICY",
]


def production_settings(**env: str) -> dict:
    clean = {k: v for k, v in os.environ.items() if k not in {*NAMES, "NUM_PROXIES", "CSP_EXTRA_IMG_SRC"}}
    script = (
        "import json, django; from django.conf import settings; django.setup(); "
        f"print(json.dumps({{n: getattr(settings, n) for n in {NAMES!r}}}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**clean, **PRODUCTION_ENV, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_production_defaults_are_https_only():
    values = production_settings()
    assert values["SECURE_SSL_REDIRECT"] is True
    assert values["SECURE_HSTS_SECONDS"] == 31536000
    assert values["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is False
    assert values["SECURE_PROXY_SSL_HEADER"] is None  # no proxy: no header is believed
    assert values["SESSION_COOKIE_SECURE"] is True and values["CSRF_COOKIE_SECURE"] is True
    assert values["ADMIN_REQUIRE_OTP"] is True


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"WEBPUSH_VAPID_PRIVATE_KEY": ""}, "WEBPUSH_VAPID_PRIVATE_KEY"),
        ({"WEBPUSH_VAPID_PRIVATE_KEY": "not-a-key"}, "WEBPUSH_VAPID_PRIVATE_KEY"),
        ({"WEBPUSH_SUBJECT": "ops"}, "WEBPUSH_SUBJECT"),
    ],
)
def test_production_refuses_to_start_without_its_own_web_push_key_and_contact(env, message):
    """No development or committed key signs production's pushes: the environment must give one."""
    with pytest.raises(AssertionError, match=message):
        production_settings(**env)


def test_production_refuses_the_development_payment_provider():
    """Its test page "pays" without money: production starts only with Stripe."""
    with pytest.raises(AssertionError, match="production takes payments with Stripe only"):
        production_settings(PAYMENT_PROVIDER="dev")


def test_production_values_come_from_the_environment():
    values = production_settings(
        SECURE_SSL_REDIRECT="false",
        SECURE_HSTS_SECONDS="600",
        SECURE_HSTS_INCLUDE_SUBDOMAINS="true",
        SECURE_HSTS_PRELOAD="true",
        NUM_PROXIES="1",
        ADMIN_REQUIRE_OTP="false",
        CSP_EXTRA_IMG_SRC="https://media.example.com",
    )
    assert values["SECURE_SSL_REDIRECT"] is False
    assert values["SECURE_HSTS_SECONDS"] == 600
    assert values["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True and values["SECURE_HSTS_PRELOAD"] is True
    assert values["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert values["ADMIN_REQUIRE_OTP"] is False
    assert "https://media.example.com" in values["CONTENT_SECURITY_POLICY"]["DIRECTIVES"]["img-src"]
    named = production_settings(NUM_PROXIES="1", SECURE_PROXY_SSL_HEADER="X-Forwarded-Scheme")
    assert named["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_SCHEME", "https"]
