"""The merchant's signed-in devices (merchant/devices, merchant/device_signout) and the notice of a sign-in on a new
device (issue 36)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.models import AuthToken, Device, SecurityNotice, ThirdPartyIdentity
from apps.accounts.services import device_seen, device_words
from apps.support.models import Notice
from tests.accounts.test_third import partner_link
from tests.concurrency import concurrently
from tests.factories import DEFAULT_PASSWORD, MerchantFactory

LOGIN = "/merchant/merchant/login"
DEVICES = "/merchant/merchant/devices"
SIGNOUT = "/merchant/merchant/device_signout"
ANDROID_CHROME = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile "
    "Safari/537.36"
)
IPHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 "
    "Mobile/15E148 Safari/604.1"
)
KEY_A = "a" * 22
KEY_B = "b" * 22
pytestmark = pytest.mark.django_db


@pytest.fixture
def merchant(db):
    return MerchantFactory(language="en", time_zone="Asia/Bangkok")


def _sign_in(api, merchant, key, agent=ANDROID_CHROME, ip="203.0.113.7"):
    body = api.post(
        LOGIN,
        {"account": merchant.phone, "password": DEFAULT_PASSWORD, "device": key},
        HTTP_USER_AGENT=agent,
        REMOTE_ADDR=ip,
    ).json()
    assert body["code"] == 1, body
    return body["data"]["merinfo"]["token"]


def _new_device_notices(merchant):
    return list(SecurityNotice.objects.filter(merchant=merchant, event="new_device_sign_in"))


@pytest.mark.parametrize(
    ("agent", "words"),
    [
        (ANDROID_CHROME, ("Chrome", "Android", "Chrome on Android")),
        (IPHONE_SAFARI, ("Safari", "iOS", "Safari on iOS")),
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 "
            "Safari/537.36 Edg/131.0.0.0",
            ("Edge", "Windows", "Edge on Windows"),
        ),
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0",
            ("Firefox", "macOS", "Firefox on macOS"),
        ),
        (
            "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 "
            "Chrome/122.0.0.0 Mobile Safari/537.36",
            ("Samsung Internet", "Android", "Samsung Internet on Android"),
        ),
        ("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", ("Firefox", "Linux", None)),
        ("curl/8.5.0", ("", "", "curl/8.5.0")),
        ("x" * 100, ("", "", "x" * 59 + "…")),
        ("", ("", "", "Unknown device")),
    ],
)
def test_a_user_agent_in_words(agent, words):
    said = device_words(agent)
    browser, system, label = words
    assert (said.browser, said.system) == (browser, system)
    if label is not None:
        assert said.label() == label


def test_the_list_shows_the_open_sessions_newest_use_first_with_the_current_one(api, merchant):
    _sign_in(api, merchant, KEY_A)
    phone = _sign_in(api, merchant, KEY_B, agent=IPHONE_SAFARI, ip="198.51.100.4")
    ended = _sign_in(api, merchant, "c" * 22)
    AuthToken.objects.filter(key_hash=AuthToken.hash(ended)).update(revoked_at="2026-01-01T00:00:00Z")
    other = MerchantFactory()
    _sign_in(api, other, KEY_A)
    api.token = phone
    body = api.get(DEVICES).json()
    assert body["code"] == 1
    assert body["data"]["total"] == 2
    rows = body["data"]["list"]
    assert [row["current"] for row in rows] == [True, False]  # this one was used last (the sign-in's own time)
    mine = rows[0]
    assert mine["device"] == "Safari on iOS" and (mine["browser"], mine["system"]) == ("Safari", "iOS")
    assert mine["ip"] == "198.51.100.4" and mine["place"] is None
    assert mine["signed_in_at"] and mine["last_used_at"]
    assert rows[1]["device"] == "Chrome on Android" and rows[1]["ip"] == "203.0.113.7"
    api.lang = "ru-RU"
    assert api.get(DEVICES).json()["data"]["list"][0]["device"] == "Safari на iOS"


def test_the_list_costs_the_same_queries_for_one_session_or_many(api, merchant):
    token = _sign_in(api, merchant, KEY_A)
    api.token = token
    with CaptureQueriesContext(connection) as one:
        assert api.get(DEVICES).json()["data"]["total"] == 1
    for index in range(6):
        _sign_in(api, merchant, f"key{index}" + "k" * 20)
    api.token = token
    with CaptureQueriesContext(connection) as many:
        assert api.get(DEVICES).json()["data"]["total"] == 7
    assert len(many) == len(one)


def test_signing_out_another_device_ends_its_session(api, merchant):
    first = _sign_in(api, merchant, KEY_A)
    second = _sign_in(api, merchant, KEY_B)
    api.token = first
    other_id = next(row["id"] for row in api.get(DEVICES).json()["data"]["list"] if not row["current"])
    body = api.post(SIGNOUT, {"id": other_id}).json()
    assert (body["code"], body["msg"], body["data"]) == (1, "The device was signed out.", {"signed_out": 1})
    api.token = second
    assert api.get(DEVICES).status_code == 401  # the other device's next request is signed out
    api.token = first
    assert api.get(DEVICES).json()["data"]["total"] == 1


def test_another_merchants_session_or_a_missing_one_is_refused_and_nothing_changes(api, merchant):
    mine = _sign_in(api, merchant, KEY_A)
    other = MerchantFactory()
    theirs = _sign_in(api, other, KEY_A)
    their_id = AuthToken.objects.get(key_hash=AuthToken.hash(theirs)).pk
    api.token = mine
    for token_id in (their_id, 10**12):
        body = api.post(SIGNOUT, {"id": token_id}).json()
        assert body["code"] == 0 and body["msg"] == "This device is not signed in to your account."
        assert body["data"]["error"] == 1001
    assert AuthToken.objects.filter(revoked_at__isnull=True).count() == 2
    for bad in ({"id": 2**63}, {"id": 0}, {}, {"id": 1, "all_others": True}, {"all_others": False}):
        assert api.post(SIGNOUT, bad).json()["code"] == 0, bad
    assert AuthToken.objects.filter(revoked_at__isnull=True).count() == 2


def test_signing_out_all_other_devices_keeps_this_one_and_other_merchants(api, merchant):
    keep = _sign_in(api, merchant, KEY_A)
    _sign_in(api, merchant, KEY_B)
    _sign_in(api, merchant, "c" * 22)
    other = MerchantFactory()
    _sign_in(api, other, KEY_A)
    api.token = keep
    body = api.post(SIGNOUT, {"all_others": True}).json()
    assert (body["code"], body["data"]["signed_out"]) == (1, 2)
    assert body["msg"] == "The other devices were signed out."
    assert [row["current"] for row in api.get(DEVICES).json()["data"]["list"]] == [True]
    assert AuthToken.objects.filter(merchant=other, revoked_at__isnull=True).count() == 1


def test_a_sign_in_on_a_new_device_is_told_once_and_not_on_a_known_one(
    api, merchant, mailoutbox, django_capture_on_commit_callbacks
):
    _sign_in(api, merchant, KEY_A)
    assert not _new_device_notices(merchant)  # the account's first device: no alarm
    _sign_in(api, merchant, KEY_A)
    assert not _new_device_notices(merchant)  # a known device
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        _sign_in(api, merchant, KEY_B, agent=IPHONE_SAFARI, ip="198.51.100.4")
    [record] = _new_device_notices(merchant)
    assert record.params["device"] == "Safari on iOS" and record.params["where"] == "198.51.100.4"
    assert record.params["time"].endswith(" +07:00")
    notice = Notice.objects.get(merchant=merchant)
    assert notice.rendered_title() == "Sign-in on a new device"
    assert "Safari on iOS, from 198.51.100.4" in notice.rendered_body()
    assert notice.target == {"kind": "security", "id": record.pk}
    [message] = mailoutbox
    assert message.subject == "Sign-in on a new device" and "/security/not-me/" in message.body
    _sign_in(api, merchant, KEY_B, agent=IPHONE_SAFARI)
    assert len(_new_device_notices(merchant)) == 1


def test_a_partner_link_sign_in_on_a_new_device_is_told(api, merchant):
    ThirdPartyIdentity.objects.create(partner="partner-a", uid="u-1", merchant=merchant)
    _sign_in(api, merchant, KEY_A)
    body = api.post("/merchant/merchant/third", {**partner_link("u-1"), "device": KEY_B}).json()
    assert body["code"] == 1 and body["data"]["status"] == 1
    assert len(_new_device_notices(merchant)) == 1
    assert AuthToken.objects.filter(merchant=merchant, device__isnull=False).count() == 2


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_sign_ins_of_one_new_browser_at_once_tell_once():
    merchant = MerchantFactory(language="en")
    device_seen(merchant=merchant, key=KEY_A)  # the account's first device
    results = concurrently(4, lambda _i: device_seen(merchant=merchant, key=KEY_B)[1])
    assert sorted(results) == [False, False, False, True]
    assert Device.objects.filter(merchant=merchant).count() == 2
    assert len(_new_device_notices(merchant)) == 1
    assert Notice.objects.filter(merchant=merchant).count() == 1
