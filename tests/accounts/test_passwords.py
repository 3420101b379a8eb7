import re
from datetime import timedelta

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.accounts.models import AuthToken, OneTimeCode
from apps.accounts.sms import LoggingSmsBackend
from apps.accounts.tasks import one_time_code_deliver
from tests.factories import DEFAULT_PASSWORD

from .hashers import COUNTING, CountingHasher

RESETPWD = "/merchant/merchant/resetpwd"
SEND_CODE = "/merchant/merchant/send_code"
LOGOUT = "/merchant/merchant/logout"
MERINFO = "/merchant/merchant/getMerInfo"
LOGIN = "/merchant/merchant/login"
NEW = "Brand-new-pass-2026"
pytestmark = pytest.mark.django_db


def test_logout_revokes_only_this_session(api, merchant):
    other_session = api.__class__().login_as(merchant)
    api.login_as(merchant)
    assert api.post(LOGOUT).json()["code"] == 1
    res = api.get(MERINFO)
    assert res.status_code == 401
    assert res.json()["code"] == 401
    assert other_session.get(MERINFO).json()["code"] == 1


def test_logout_without_a_session_is_401(api):
    res = api.post(LOGOUT)
    assert res.status_code == 401
    assert res.json() == {"code": 401, "msg": "Please log in first", "data": None}


def test_change_password_revokes_every_session(merchant_api, merchant):
    second = merchant_api.__class__().login_as(merchant)
    body = merchant_api.post(
        RESETPWD, {"old_password": DEFAULT_PASSWORD, "password": NEW, "password_confirm": NEW}
    ).json()
    assert body["code"] == 1
    merchant.refresh_from_db()
    assert merchant.check_password(NEW)
    assert merchant_api.get(MERINFO).status_code == 401
    assert second.get(MERINFO).status_code == 401
    assert not AuthToken.objects.filter(revoked_at__isnull=True).exists()


@pytest.mark.parametrize(
    ("lang", "message"), [("en", "The old password is incorrect."), ("ru-RU", "Старый пароль указан неверно.")]
)
def test_change_password_needs_the_old_one(merchant_api, merchant, lang, message):
    merchant_api.lang = lang
    body = merchant_api.post(RESETPWD, {"old_password": "wrong", "password": NEW, "password_confirm": NEW}).json()
    assert (body["code"], body["msg"]) == (0, message)
    merchant.refresh_from_db()
    assert merchant.check_password(DEFAULT_PASSWORD)
    assert merchant_api.get(MERINFO).json()["code"] == 1


@pytest.mark.parametrize(
    ("lang", "message"), [("en", "Passwords entered do not match"), ("zh-CN", "两次输入的密码不一致")]
)
def test_change_password_needs_matching_entries(merchant_api, merchant, lang, message):
    merchant_api.lang = lang
    body = merchant_api.post(
        RESETPWD, {"old_password": DEFAULT_PASSWORD, "password": NEW, "password_confirm": NEW + "x"}
    ).json()
    assert (body["code"], body["msg"]) == (0, message)
    merchant.refresh_from_db()
    assert merchant.check_password(DEFAULT_PASSWORD)


def test_a_new_password_equal_to_the_old_one_is_refused_and_signs_nobody_out(merchant_api, merchant):
    merchant_api.lang = "ru-RU"
    same = {"old_password": DEFAULT_PASSWORD, "password": DEFAULT_PASSWORD, "password_confirm": DEFAULT_PASSWORD}
    body = merchant_api.post(RESETPWD, same).json()
    assert (body["code"], body["msg"]) == (0, "Новый пароль должен отличаться от старого.")
    assert list(body["data"]["errors"]) == ["password"]
    assert merchant_api.get(MERINFO).json()["code"] == 1  # the session lives on
    assert AuthToken.objects.filter(merchant=merchant, revoked_at__isnull=True).exists()


def test_change_password_applies_djangos_validators(merchant_api, merchant):
    body = merchant_api.post(
        RESETPWD, {"old_password": DEFAULT_PASSWORD, "password": "short", "password_confirm": "short"}
    ).json()
    assert body["code"] == 0
    assert body["data"]["errors"]["password"]
    merchant.refresh_from_db()
    assert merchant.check_password(DEFAULT_PASSWORD)


@pytest.fixture
def send_code(django_capture_on_commit_callbacks):
    """POSTs send_code and runs what it left for after the commit (the Celery task; eager under test settings)."""

    def post(api, body):
        with django_capture_on_commit_callbacks(execute=True):
            return api.post(SEND_CODE, body)

    return post


def _code_from_email() -> str:
    return re.search(r"\b(\d{6})\b", mail.outbox[-1].body).group(1)


def test_forgotten_password_by_email_code(api, merchant, send_code):
    session = api.__class__().login_as(merchant)
    body = send_code(api, {"account": merchant.email}).json()
    assert body["code"] == 1
    assert mail.outbox[-1].to == [merchant.email]
    code = _code_from_email()
    stored = OneTimeCode.objects.get(merchant=merchant)
    assert code not in stored.code_hash

    body = api.post(RESETPWD, {"account": merchant.email, "code": code, "password": NEW, "password_confirm": NEW})
    assert body.json()["code"] == 1
    merchant.refresh_from_db()
    assert merchant.check_password(NEW)
    assert session.get(MERINFO).status_code == 401
    # One use only.
    again = api.post(RESETPWD, {"account": merchant.email, "code": code, "password": NEW, "password_confirm": NEW})
    assert (again.json()["code"], again.json()["msg"]) == (0, "The verification code is invalid or has expired.")


def test_forgotten_password_by_sms_code(api, merchant, send_code):
    send_code(api, {"account": merchant.phone})
    phone, text = LoggingSmsBackend.outbox[-1]
    assert phone == merchant.phone
    code = re.search(r"\b(\d{6})\b", text).group(1)
    body = api.post(RESETPWD, {"account": merchant.phone, "code": code, "password": NEW, "password_confirm": NEW})
    assert body.json()["code"] == 1
    assert api.post(LOGIN, {"account": merchant.phone, "password": NEW}).json()["code"] == 1


def test_send_code_answers_the_same_for_an_unknown_account(api, merchant, send_code):
    known = send_code(api, {"account": merchant.email}).json()
    unknown = send_code(api, {"account": "nobody@example.com"}).json()
    assert known == unknown
    assert len(mail.outbox) == 1
    assert OneTimeCode.objects.count() == 1


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "The verification code is invalid or has expired."),
        ("ru-RU", "Код подтверждения неверен или устарел."),
    ],
)
def test_wrong_or_expired_code_is_refused(api, merchant, lang, message, send_code):
    api.lang = lang
    send_code(api, {"account": merchant.email})
    code = _code_from_email()
    wrong = "000000" if code != "000000" else "111111"
    body = api.post(RESETPWD, {"account": merchant.email, "code": wrong, "password": NEW, "password_confirm": NEW})
    assert (body.json()["code"], body.json()["msg"]) == (0, message)
    OneTimeCode.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    body = api.post(RESETPWD, {"account": merchant.email, "code": code, "password": NEW, "password_confirm": NEW})
    assert body.json()["msg"] == message
    merchant.refresh_from_db()
    assert merchant.check_password(DEFAULT_PASSWORD)


def test_five_wrong_codes_spend_the_code(api, merchant, send_code):
    send_code(api, {"account": merchant.email})
    code = _code_from_email()
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(5):
        api.post(RESETPWD, {"account": merchant.email, "code": wrong, "password": NEW, "password_confirm": NEW})
    body = api.post(RESETPWD, {"account": merchant.email, "code": code, "password": NEW, "password_confirm": NEW})
    assert (body.json()["code"], body.json()["msg"]) == (0, "The verification code is invalid or has expired.")
    merchant.refresh_from_db()
    assert merchant.check_password(DEFAULT_PASSWORD)


def test_a_new_code_replaces_the_old_one(api, merchant, send_code):
    send_code(api, {"account": merchant.email})
    first = _code_from_email()
    send_code(api, {"account": merchant.email})
    second = _code_from_email()
    if first != second:
        body = api.post(RESETPWD, {"account": merchant.email, "code": first, "password": NEW, "password_confirm": NEW})
        assert (body.json()["code"], body.json()["msg"]) == (0, "The verification code is invalid or has expired.")
        merchant.refresh_from_db()
        assert merchant.check_password(DEFAULT_PASSWORD)
    body = api.post(RESETPWD, {"account": merchant.email, "code": second, "password": NEW, "password_confirm": NEW})
    assert body.json()["code"] == 1
    merchant.refresh_from_db()
    assert merchant.check_password(NEW)


def test_reset_for_an_unknown_account_is_refused(api):
    body = api.post(RESETPWD, {"account": "x@example.com", "code": "123456", "password": NEW, "password_confirm": NEW})
    assert (body.json()["code"], body.json()["msg"]) == (0, "The verification code is invalid or has expired.")
    assert not OneTimeCode.objects.exists()


def test_signed_out_reset_needs_the_account(api):
    api.lang = "zh-CN"
    body = api.post(RESETPWD, {"code": "123456", "password": NEW, "password_confirm": NEW}).json()
    assert (body["code"], body["msg"]) == (0, "请输入手机号或邮箱")


def test_send_code_is_rate_limited(api, merchant, throttle_rates, send_code):
    throttle_rates(send_code="2/hour")
    for _ in range(2):
        assert send_code(api, {"account": merchant.email}).json()["code"] == 1
    body = send_code(api, {"account": merchant.email}).json()
    assert body["code"] == 0
    assert body["data"]["error"] == 1003
    assert len(mail.outbox) == 2


def test_changing_the_password_allows_five_wrong_old_ones_then_waits(merchant_api, merchant):
    wrong = {"old_password": "wrong", "password": NEW, "password_confirm": NEW}
    assert [merchant_api.post(RESETPWD, wrong).json()["data"]["tries_left"] for _ in range(4)] == [4, 3, 2, 1]
    assert merchant_api.post(RESETPWD, wrong).json()["msg"] == (
        "Too many wrong passwords or codes. Try again in 15 minutes."
    )
    body = merchant_api.post(RESETPWD, {**wrong, "old_password": DEFAULT_PASSWORD}).json()
    assert (body["code"], body["data"]["error"]) == (0, 1005)
    merchant.refresh_from_db()
    assert merchant.check_password(DEFAULT_PASSWORD)


def test_send_code_does_the_same_work_for_a_known_and_an_unknown_account(
    api, merchant, settings, django_capture_on_commit_callbacks
):
    """No lookup, hashing or sending on the request path: only the side effect recorded (one insert into the outbox),
    the task's after the answer."""
    settings.PASSWORD_HASHERS = COUNTING
    CountingHasher.encodes = 0
    answers, queries = [], []
    for account in (merchant.email, "nobody@example.com", merchant.phone, "+10000000000"):
        with django_capture_on_commit_callbacks() as callbacks, CaptureQueriesContext(connection) as ran:
            answers.append(api.post(SEND_CODE, {"account": account}).json())
        assert len(callbacks) == 1  # the task, sent after the commit
        queries.append([query["sql"].split(" (")[0] for query in ran])
    assert all(answer == answers[0] for answer in answers)
    assert queries == [['INSERT INTO "core_outboxentry"']] * 4
    assert CountingHasher.encodes == 0
    assert not mail.outbox
    assert not OneTimeCode.objects.exists()


def test_the_code_is_sent_by_the_task_in_the_language_it_was_asked_in(api, merchant, send_code):
    api.lang = "ru-RU"
    send_code(api, {"account": merchant.email})
    send_code(api, {"account": "nobody@example.com"})
    assert len(mail.outbox) == 1
    assert mail.outbox[0].body.startswith("Ваш код подтверждения")


def test_a_retried_delivery_sends_no_second_code(merchant):
    asked = timezone.now().isoformat()
    assert one_time_code_deliver.apply(args=(merchant.email, "en", asked)).get() is True
    assert one_time_code_deliver.apply(args=(merchant.email, "en", asked)).get() is False
    assert len(mail.outbox) == 1
    assert OneTimeCode.objects.filter(merchant=merchant).count() == 1
