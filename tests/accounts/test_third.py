import base64
import hashlib
import hmac
import json
import time

import pytest

from apps.accounts.models import AuthToken, Merchant, ThirdPartyIdentity
from apps.core.models import Upload
from tests.factories import InvitationCodeFactory, upload_image

THIRD = "/merchant/merchant/third"
TKREGISTER = "/merchant/merchant/tkregister"
SECRET = "test-third-party-secret"  # config/settings/test.py
pytestmark = pytest.mark.django_db


def partner_link(uid="partner-user-1", exp=None, secret=SECRET, **extra):
    payload = {"uid": uid, "exp": int(time.time()) + 600 if exp is None else exp, **extra}
    data = base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")
    code = hmac.new(secret.encode(), data.encode(), hashlib.sha256).hexdigest()
    return {"data": data, "code": code, "mer": "partner-a"}


def test_linked_identity_gets_a_session(api, merchant):
    ThirdPartyIdentity.objects.create(partner="partner-a", uid="partner-user-1", merchant=merchant)
    body = api.post(THIRD, partner_link()).json()
    assert body["code"] == 1
    assert body["data"]["status"] == 1
    token = body["data"]["merinfo"]["token"]
    assert AuthToken.objects.get(key_hash=AuthToken.hash(token)).merchant == merchant
    assert body["data"]["merinfo"]["id"] == merchant.pk


def test_unknown_identity_answers_status_0_without_a_session(api, merchant):
    # Same uid but another partner is another identity.
    ThirdPartyIdentity.objects.create(partner="partner-b", uid="partner-user-1", merchant=merchant)
    body = api.post(THIRD, partner_link()).json()
    assert body["code"] == 1
    assert body["data"] == {"status": 0}
    assert not AuthToken.objects.exists()


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "The sign-in link is invalid or has expired."),
        ("ru-RU", "Ссылка для входа недействительна или устарела."),
    ],
)
def test_bad_signature_expired_or_malformed_payloads_are_refused(api, merchant, lang, message):
    api.lang = lang
    ThirdPartyIdentity.objects.create(partner="partner-a", uid="partner-user-1", merchant=merchant)
    tampered = partner_link()
    tampered["code"] = tampered["code"][:-1] + ("0" if tampered["code"][-1] != "0" else "1")
    wrong_secret = partner_link(secret="guessed")
    expired = partner_link(exp=int(time.time()) - 1)
    not_json = {"data": "bm90IGpzb24", "mer": "partner-a"}
    not_json["code"] = hmac.new(SECRET.encode(), b"bm90IGpzb24", hashlib.sha256).hexdigest()
    no_uid = partner_link(uid="")
    for link in (tampered, wrong_secret, expired, not_json, no_uid):
        body = api.post(THIRD, link).json()
        assert (body["code"], body["msg"]) == (0, message)
    assert not AuthToken.objects.exists()


def test_missing_secret_refuses_everything(api, merchant, settings):
    ThirdPartyIdentity.objects.create(partner="partner-a", uid="partner-user-1", merchant=merchant)
    settings.THIRD_PARTY_SECRET = ""
    assert api.post(THIRD, partner_link(secret="")).json()["code"] == 0


def test_incomplete_link_is_refused(api):
    body = api.post(THIRD, {"data": "abc"}).json()
    assert body["code"] == 0
    assert body["msg"] == "The sign-in link is incomplete"


@pytest.fixture
def form(db):
    InvitationCodeFactory(code="WELCOME")
    return {
        "invite_code": "WELCOME",
        "logo": upload_image(kind=Upload.Kind.LOGO).key,
        "shop_name": "Partner Shop",
        "shop_address": "2 Side Street",
        "country": "TH",
        "phone": "+66800000001",
        "real_name": "Somchai",
        "id_front": upload_image(kind=Upload.Kind.ID_DOCUMENT).key,
        "id_back": upload_image(kind=Upload.Kind.ID_DOCUMENT).key,
        "id_hand": upload_image(kind=Upload.Kind.ID_DOCUMENT).key,
        "email": "somchai@example.com",
        "password": "Partner-pass-2026",
        "password_confirm": "Partner-pass-2026",
    }


def test_tkregister_registers_links_and_then_third_signs_in(api, form):
    body = api.post(TKREGISTER, {**form, **partner_link()}).json()
    assert body["code"] == 1
    merchant = Merchant.objects.get(phone="+66800000001")
    assert merchant.check_password("Partner-pass-2026")
    identity = ThirdPartyIdentity.objects.get()
    assert (identity.partner, identity.uid, identity.merchant) == ("partner-a", "partner-user-1", merchant)
    assert api.post(THIRD, partner_link()).json()["data"]["status"] == 1


def test_tkregister_refuses_a_bad_link_and_a_linked_identity(api, form, merchant):
    expired = partner_link(exp=int(time.time()) - 5)
    assert api.post(TKREGISTER, {**form, **expired}).json()["code"] == 0
    assert not Merchant.objects.filter(phone="+66800000001").exists()

    ThirdPartyIdentity.objects.create(partner="partner-a", uid="partner-user-1", merchant=merchant)
    api.lang = "ru-RU"
    body = api.post(TKREGISTER, {**form, **partner_link()}).json()
    assert body["code"] == 0
    assert body["msg"] == "Этот аккаунт партнёра уже привязан к продавцу."
    assert not Merchant.objects.filter(phone="+66800000001").exists()


def test_tkregister_needs_the_registration_fields_and_a_password(api, form):
    form.pop("password")
    form.pop("password_confirm")
    body = api.post(TKREGISTER, {**form, **partner_link()}).json()
    assert body["code"] == 0
    assert "password" in body["data"]["errors"]
    assert not Merchant.objects.filter(phone="+66800000001").exists()
