import base64
import hashlib
import hmac
import json
import secrets
import time
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from apps.accounts.models import AuthToken, Merchant, ThirdPartyIdentity, ThirdPartyNonce
from apps.core.models import Upload
from tests.factories import InvitationCodeFactory, MerchantFactory, upload_image

THIRD = "/merchant/merchant/third"
TKREGISTER = "/merchant/merchant/tkregister"
SECRET = "test-third-party-secret"  # config/settings/test.py
pytestmark = pytest.mark.django_db


def sign(mer: str, data: str, secret: str = SECRET) -> str:
    """The partner's signature: hex HMAC-SHA256 of `mer + "." + data` (services.sessions.third_party_link_verify)."""
    return hmac.new(secret.encode(), f"{mer}.{data}".encode(), hashlib.sha256).hexdigest()


def partner_link(uid="partner-user-1", exp=None, secret=SECRET, mer="partner-a", nonce=None, **extra):
    """A fresh link, as a partner makes one: expires in 10 minutes, a new random nonce each time."""
    payload = {
        "uid": uid,
        "exp": int(time.time()) + 600 if exp is None else exp,
        "nonce": secrets.token_urlsafe(16) if nonce is None else nonce,
        **extra,
    }
    data = base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")
    return {"data": data, "code": sign(mer, data, secret), "mer": mer}


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
    not_json = {"data": "bm90IGpzb24", "mer": "partner-a", "code": sign("partner-a", "bm90IGpzb24")}
    no_uid = partner_link(uid="")
    no_nonce = partner_link(nonce="")
    short_nonce = partner_link(nonce="abc")
    for link in (tampered, wrong_secret, expired, not_json, no_uid, no_nonce, short_nonce):
        body = api.post(THIRD, link).json()
        assert (body["code"], body["msg"]) == (0, message)
    assert not AuthToken.objects.exists()


def test_missing_secret_refuses_everything(api, merchant, settings):
    ThirdPartyIdentity.objects.create(partner="partner-a", uid="partner-user-1", merchant=merchant)
    settings.THIRD_PARTY_SECRET = ""
    body = api.post(THIRD, partner_link(secret="")).json()
    assert (body["code"], body["msg"]) == (0, "The sign-in link is invalid or has expired.")
    assert not AuthToken.objects.exists()


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
    body = api.post(TKREGISTER, {**form, **expired}).json()
    assert (body["code"], body["msg"]) == (0, "The sign-in link is invalid or has expired.")
    assert not Merchant.objects.filter(phone="+66800000001").exists()

    ThirdPartyIdentity.objects.create(partner="partner-a", uid="partner-user-1", merchant=merchant)
    api.lang = "ru-RU"
    body = api.post(TKREGISTER, {**form, **partner_link()}).json()
    assert body["code"] == 0
    assert body["msg"] == "Этот аккаунт партнёра уже привязан к продавцу."
    assert not Merchant.objects.filter(phone="+66800000001").exists()


def test_tkregister_with_a_taken_phone_links_nobody_and_answers_like_a_registration(
    api, form, django_capture_on_commit_callbacks
):
    owner = MerchantFactory(phone="+66800000001")
    with django_capture_on_commit_callbacks(execute=True):
        answer = api.post(TKREGISTER, {**form, **partner_link()}).json()
    assert (answer["code"], answer["data"]["status"]) == (1, "pending")
    assert not ThirdPartyIdentity.objects.exists()  # the partner identity is not linked to the owner's account
    assert Merchant.objects.get() == owner
    assert api.post(THIRD, partner_link()).json()["data"]["status"] == 0


def test_tkregister_needs_the_registration_fields_and_a_password(api, form):
    form.pop("password")
    form.pop("password_confirm")
    body = api.post(TKREGISTER, {**form, **partner_link()}).json()
    assert body["code"] == 0
    assert "password" in body["data"]["errors"]
    assert not Merchant.objects.filter(phone="+66800000001").exists()


def test_the_partner_is_signed_one_partners_link_cannot_sign_in_to_anothers_identity(api, merchant, other_merchant):
    ThirdPartyIdentity.objects.create(partner="partner-a", uid="partner-user-1", merchant=merchant)
    ThirdPartyIdentity.objects.create(partner="partner-b", uid="partner-user-1", merchant=other_merchant)
    signed_for_b = partner_link(mer="partner-b")
    body = api.post(THIRD, {**signed_for_b, "mer": "partner-a"}).json()
    assert (body["code"], body["msg"]) == (0, "The sign-in link is invalid or has expired.")
    assert not AuthToken.objects.exists()
    assert api.post(THIRD, signed_for_b).json()["data"]["merinfo"]["id"] == other_merchant.pk


@pytest.mark.parametrize("exp", [10**400, 10**18, "far", 1.5e9, None], ids=["10^400", "10^18", "text", "float", "null"])
def test_an_expiry_beyond_ten_minutes_or_not_an_integer_is_refused(api, merchant, exp):
    ThirdPartyIdentity.objects.create(partner="partner-a", uid="partner-user-1", merchant=merchant)
    payload = {"uid": "partner-user-1", "exp": exp, "nonce": secrets.token_urlsafe(16)}
    data = base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")
    res = api.post(THIRD, {"data": data, "code": sign("partner-a", data), "mer": "partner-a"})
    assert res.status_code == 200
    assert (res.json()["code"], res.json()["msg"]) == (0, "The sign-in link is invalid or has expired.")
    assert not AuthToken.objects.exists()


def test_an_expiry_up_to_ten_minutes_ahead_is_accepted_and_one_beyond_refused(api, merchant):
    ThirdPartyIdentity.objects.create(partner="partner-a", uid="partner-user-1", merchant=merchant)
    beyond = api.post(THIRD, partner_link(exp=int(time.time()) + 3600)).json()
    assert (beyond["code"], beyond["msg"]) == (0, "The sign-in link is invalid or has expired.")
    assert not AuthToken.objects.exists()
    assert api.post(THIRD, partner_link(exp=int(time.time()) + 590)).json()["code"] == 1


def test_a_link_signs_in_once(api, merchant):
    ThirdPartyIdentity.objects.create(partner="partner-a", uid="partner-user-1", merchant=merchant)
    link = partner_link()
    assert api.post(THIRD, link).json()["code"] == 1
    api.lang = "ru-RU"
    again = api.post(THIRD, link).json()
    assert (again["code"], again["msg"]) == (0, "Эта ссылка для входа уже использована.")
    assert AuthToken.objects.count() == 1
    # The same nonce under another signature (a new exp) is the same link.
    nonce = json.loads(base64.urlsafe_b64decode(link["data"] + "=="))["nonce"]
    assert api.post(THIRD, partner_link(nonce=nonce, exp=int(time.time()) + 300)).json() == again
    assert AuthToken.objects.count() == 1


def test_an_unknown_identity_keeps_the_link_for_one_registration(api, form):
    link = partner_link()
    assert api.post(THIRD, link).json()["data"] == {"status": 0}
    assert api.post(THIRD, link).json()["data"] == {"status": 0}  # nothing granted, nothing spent
    # A form mistake does not spend the link.
    mistake = api.post(TKREGISTER, {**form, "password_confirm": "different", **link}).json()
    assert (mistake["code"], mistake["msg"]) == (0, "Passwords entered do not match")
    assert api.post(TKREGISTER, {**form, **link}).json()["code"] == 1
    # Spent: neither tkregister nor third takes it again.
    form["phone"], form["email"] = "+66800000002", "other@example.com"
    body = api.post(TKREGISTER, {**form, **link}).json()
    assert (body["code"], body["msg"]) == (0, "This sign-in link has already been used.")
    assert api.post(THIRD, link).json() == body
    assert Merchant.objects.count() == 1
    assert AuthToken.objects.count() == 0


def test_tkregister_takes_an_expired_link_only_if_third_kept_it(api, form):
    kept = partner_link(uid="kept", exp=int(time.time()) + 2)
    assert api.post(THIRD, kept).json()["data"] == {"status": 0}
    stale = partner_link(uid="stale", exp=int(time.time()) + 2)  # never shown to `third`
    with time_machine.travel(time.time() + 3):  # both links past their `exp`
        body = api.post(TKREGISTER, {**form, **stale}).json()
        assert (body["code"], body["msg"]) == (0, "The sign-in link is invalid or has expired.")
        assert not Merchant.objects.exists()
        assert api.post(TKREGISTER, {**form, **kept}).json()["code"] == 1
    assert ThirdPartyIdentity.objects.get().uid == "kept"


def test_the_registration_window_ends(api, form):
    link = partner_link(exp=int(time.time()) + 2)
    assert api.post(THIRD, link).json()["data"] == {"status": 0}
    ThirdPartyNonce.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    with time_machine.travel(time.time() + 3):  # the link past its `exp` too
        body = api.post(TKREGISTER, {**form, **link}).json()
    assert (body["code"], body["msg"]) == (0, "The sign-in link is invalid or has expired.")
    assert not Merchant.objects.filter(phone=form["phone"]).exists()
