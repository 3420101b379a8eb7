# ruff: noqa: RUF001  (translated messages in other scripts)
import pytest
from django.core import mail
from django.utils import translation

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import Merchant
from apps.accounts.sms import LoggingSmsBackend
from apps.core.models import Upload
from apps.shop.models import Level
from apps.support.models import Notice
from tests.factories import InvitationCodeFactory, MerchantFactory, upload_image
from tests.history import status_history

REGISTER = "/merchant/merchant/register"
VERIFY_CODE = "/merchant/merchant/verify_code"
pytestmark = pytest.mark.django_db


@pytest.fixture
def form(db):
    """A complete registration form, with documents uploaded before sign-in (owner None)."""
    InvitationCodeFactory(code="WELCOME")
    return {
        "invite_code": "welcome",
        "logo": upload_image(kind=Upload.Kind.LOGO).key,
        "shop_name": "Corner Shop",
        "shop_address": "1 Main Street",
        "country": "DE",
        "phone": "+49 170 1234567",
        "real_name": "Anna Schmidt",
        "id_front": upload_image(kind=Upload.Kind.ID_DOCUMENT).key,
        "id_back": upload_image(kind=Upload.Kind.ID_DOCUMENT).key,
        "id_hand": upload_image(kind=Upload.Kind.ID_DOCUMENT).key,
        "email": "Anna@Example.com",
        "password": "Strong-pass-2026",
        "password_confirm": "Strong-pass-2026",
    }


def test_register_creates_a_pending_merchant_with_shop_documents_and_notice(api, form):
    Level.objects.create(rank=2, name="Silver", profit_margin="0.2000", product_quantity=50, upgrade_price="100.00")
    bronze = Level.objects.create(
        rank=1, name="Bronze", profit_margin="0.1000", product_quantity=20, upgrade_price="0.00"
    )

    body = api.post(REGISTER, form).json()

    assert body["code"] == 1
    assert "under review" in body["msg"]
    assert body["data"] == {"status": "pending", "status_label": "Under review"}
    merchant = Merchant.objects.get(phone="+491701234567")
    assert merchant.status == MerchantStatus.PENDING
    assert merchant.email == "anna@example.com"
    assert merchant.check_password("Strong-pass-2026")
    assert merchant.level == bronze
    assert merchant.invitation.code == "WELCOME"
    assert merchant.invited_by is None
    assert merchant.invite_code and merchant.language == "en"
    # Neither contact is verified: nothing was sent to them yet (personal info offers to verify each).
    assert merchant.phone_verified_at is None and merchant.email_verified_at is None
    assert merchant.shop.name == "Corner Shop"
    assert merchant.shop.address == "1 Main Street"
    assert merchant.shop.logo.key == form["logo"]
    assert merchant.id_front.key == form["id_front"]
    # The documents now belong to the merchant: nobody else can claim them again.
    assert Upload.objects.filter(owner=merchant).count() == 4
    notice = Notice.objects.get(merchant=merchant)
    with translation.override("en"):
        assert notice.rendered_title() == "Registration under review"
    with translation.override("ja"):
        assert notice.rendered_title() == "登録審査中"


def test_register_in_russian_answers_in_russian(api, form):
    api.lang = "ru-RU"
    body = api.post(REGISTER, form).json()
    assert body["code"] == 1
    assert body["msg"] == "Заявка отправлена. Ваши документы на проверке; мы сообщим вам о результате."
    assert Merchant.objects.get().language == "ru-RU"


def test_an_active_merchants_code_sets_the_inviter(api, form):
    inviter = MerchantFactory(invite_code="FRIEND01")
    form["invite_code"] = "FRIEND01"
    assert api.post(REGISTER, form).json()["code"] == 1
    merchant = Merchant.objects.get(phone="+491701234567")
    assert merchant.invited_by == inviter
    assert merchant.invitation is None


@pytest.mark.parametrize(
    ("lang", "message"),
    [("en", "The invitation code is invalid."), ("ru-RU", "Недействительный код приглашения.")],
)
def test_unknown_inactive_or_pending_codes_are_refused(api, form, lang, message):
    api.lang = lang
    InvitationCodeFactory(code="OLD", is_active=False)
    MerchantFactory(invite_code="PENDING1", status=MerchantStatus.PENDING)
    for code in ("NOPE", "OLD", "PENDING1"):
        form["invite_code"] = code
        body = api.post(REGISTER, form).json()
        assert body["code"] == 0
        assert body["msg"] == message
        assert body["data"]["errors"]["invite_code"] == [message]
    assert not Merchant.objects.filter(phone="+491701234567").exists()


@pytest.mark.parametrize(
    ("lang", "message"),
    [("en", "Passwords entered do not match"), ("ru-RU", "Введённые пароли не совпадают")],
)
def test_password_confirmation_must_match(api, form, lang, message):
    api.lang = lang
    form["password_confirm"] = "Strong-pass-2027"
    body = api.post(REGISTER, form).json()
    assert (body["code"], body["msg"]) == (0, message)
    assert body["data"]["errors"]["password_confirm"] == [message]
    assert not Merchant.objects.exists()


def test_weak_password_is_refused_by_djangos_validators(api, form):
    form["password"] = form["password_confirm"] = "12345678"
    body = api.post(REGISTER, form).json()
    assert body["code"] == 0
    assert "password" in body["data"]["errors"]
    assert not Merchant.objects.exists()


@pytest.mark.parametrize(
    ("lang", "field", "message"),
    [
        ("en", "real_name", "Please enter your real name"),
        ("ru-RU", "real_name", "Введите ваше настоящее имя"),
        ("en", "id_hand", "Please upload a photo of you holding your ID card"),
        ("zh-CN", "shop_name", "请输入店铺名称"),
        ("en", "invite_code", "Please enter the invitation code"),
    ],
)
def test_each_required_field_is_named(api, form, lang, field, message):
    api.lang = lang
    del form[field]
    body = api.post(REGISTER, form).json()
    assert body["code"] == 0
    assert body["data"]["errors"][field] == [message]


@pytest.mark.parametrize("lang", ["en", "ru-RU", "han", "ri", "tai"])
def test_email_is_required_outside_chinese(api, form, lang):
    api.lang = lang
    form["email"] = ""
    body = api.post(REGISTER, form).json()
    assert body["code"] == 0
    assert list(body["data"]["errors"]) == ["email"]
    assert not Merchant.objects.exists()


@pytest.mark.parametrize("lang", ["zh-CN", "zh-Hant"])
def test_email_is_optional_in_chinese(api, form, lang):
    api.lang = lang
    form["email"] = ""
    assert api.post(REGISTER, form).json()["code"] == 1
    assert Merchant.objects.get().email is None


@pytest.fixture
def register(api, django_capture_on_commit_callbacks):
    """POSTs the form and runs what it left for after the commit (the Celery task; eager under test settings)."""

    def post(form):
        with django_capture_on_commit_callbacks(execute=True):
            return api.post(REGISTER, form)

    return post


def _sms_to(phone):
    return [text for to, text in LoggingSmsBackend.outbox if to == phone]


MISTAKE_MESSAGES = {
    "logo": "The uploaded file was not found. Please upload it again.",
    "id_front": "The uploaded file was not found. Please upload it again.",
    "license": "The uploaded file was not found. Please upload it again.",
    "invite_code": "The invitation code is invalid.",
    "password_confirm": "Passwords entered do not match",
    "country": "Please choose a country from the list",
    "shop_name": "Please enter the shop name",
}
MISTAKES = [
    ("logo", "no-such-key"),
    ("id_front", "no-such-key"),
    ("license", "no-such-key"),
    ("invite_code", "NOPE"),
    ("password_confirm", "Other-pass-2026"),
    ("country", "ZZ"),
    ("shop_name", ""),
]


@pytest.mark.parametrize(("field", "value"), MISTAKES)
@pytest.mark.parametrize("taken", ["email", "phone"])
def test_a_form_with_a_mistake_answers_the_same_whether_the_account_exists(register, form, field, value, taken):
    """Whether a phone or email has an account is not told to the form (finding 8): with any mistake in it, the
    answer is the mistake's, the same for a free and a taken phone or email; nobody is told anything."""
    form[field] = value
    free = register(form)
    MerchantFactory(**({"email": "anna@example.com"} if taken == "email" else {"phone": "+491701234567"}))
    existing = register(form)
    assert free.status_code == existing.status_code
    assert free.json() == existing.json()
    assert (free.json()["code"], free.json()["msg"]) == (0, MISTAKE_MESSAGES[field])
    assert Merchant.objects.count() == 1
    assert mail.outbox == [] and LoggingSmsBackend.outbox == []


def test_a_taken_email_answers_like_a_registration_and_tells_only_its_owner(api, register, form):
    owner = MerchantFactory(email="anna@example.com", language="ri")  # Japanese
    answer = register(form)
    # No second account, nothing claimed: the owner's account is as it was.
    assert not Merchant.objects.filter(phone="+491701234567").exists()
    assert Merchant.objects.filter(email__iexact="anna@example.com").get() == owner
    assert Upload.objects.filter(owner__isnull=True).count() == 4
    # Told by mail, in the owner's language; the person who filled the form is not.
    assert [message.to for message in mail.outbox] == [["anna@example.com"]]
    assert "ログイン" in mail.outbox[0].body
    assert LoggingSmsBackend.outbox == []

    new = register({**form, "email": "someone.else@example.com", "phone": "+491700000000"})
    assert answer.status_code == new.status_code == 200
    assert answer.json() == new.json()
    assert answer.json()["data"] == {"status": "pending", "status_label": "Under review"}
    assert Merchant.objects.count() == 2 and len(mail.outbox) == 1


def test_a_taken_phone_tells_its_owner_by_text_message(register, form):
    owner = MerchantFactory(phone="+491701234567", email="owner@example.com", language="en")
    answer = register(form).json()
    assert (answer["code"], answer["data"]["status"]) == (1, "pending")
    assert Merchant.objects.filter(phone="+491701234567").get() == owner
    assert not Merchant.objects.filter(email="anna@example.com").exists()
    assert len(_sms_to(owner.phone)) == 1 and "sign in" in _sms_to(owner.phone)[0]
    assert mail.outbox == []  # the email typed is not the owner's: nothing goes there


def test_the_owners_of_a_taken_phone_and_a_taken_email_are_each_told_once_an_hour(register, form):
    by_phone = MerchantFactory(phone="+491701234567")
    by_email = MerchantFactory(email="anna@example.com")
    for _ in range(3):
        assert register(form).json()["code"] == 1
    assert len(_sms_to(by_phone.phone)) == 1
    assert [message.to for message in mail.outbox] == [[by_email.email]]
    assert Merchant.objects.count() == 2


@pytest.mark.parametrize("country", ["Germany", "de", "DEU", "ZZ", "AQ"])
def test_a_country_not_on_the_list_is_refused(api, form, country):
    form["country"] = country
    body = api.post(REGISTER, form).json()
    assert (body["code"], body["msg"]) == (0, "Please choose a country from the list")
    assert body["data"]["errors"]["country"] == ["Please choose a country from the list"]
    api.lang = "ru-RU"
    assert api.post(REGISTER, form).json()["data"]["errors"]["country"] == ["Выберите страну из списка"]
    assert not Merchant.objects.exists()


def test_the_country_is_stored_as_its_iso_code(api, form):
    form["country"] = "KR"
    assert api.post(REGISTER, form).json()["code"] == 1
    assert Merchant.objects.get().country == "KR"


def test_invalid_phone_is_refused(api, form):
    form["phone"] = "call me"
    body = api.post(REGISTER, form).json()
    assert body["data"]["errors"]["phone"] == ["Please enter a valid phone number"]


def test_documents_of_someone_else_are_not_found(api, form, other_merchant):
    """An upload that already belongs to a merchant answers like a missing one; nothing is created or claimed."""
    theirs = upload_image(kind=Upload.Kind.ID_DOCUMENT, owner=other_merchant)
    form["id_front"] = theirs.key
    body = api.post(REGISTER, form).json()
    missing = api.post(REGISTER, {**form, "id_front": "no-such-key"}).json()
    assert body["code"] == missing["code"] == 0
    assert body["msg"] == missing["msg"] == "The uploaded file was not found. Please upload it again."
    assert not Merchant.objects.filter(phone="+491701234567").exists()
    assert Upload.objects.filter(owner__isnull=True).count() == 4
    theirs.refresh_from_db()
    assert theirs.owner == other_merchant


def test_a_logo_cannot_stand_in_for_an_id_document(api, form):
    form["id_front"] = form["logo"]
    body = api.post(REGISTER, form).json()
    assert (body["code"], body["msg"]) == (0, "The uploaded file was not found. Please upload it again.")
    assert not Merchant.objects.exists()


def test_the_same_photo_cannot_be_every_side_of_the_id(api, form):
    form["id_back"] = form["id_front"]
    body = api.post(REGISTER, form).json()
    assert body["code"] == 0
    assert "id_back" in body["data"]["errors"]


@pytest.mark.parametrize(
    ("lang", "message"),
    [("en", "The invitation code is invalid."), ("zh-CN", "邀请码无效。")],
)
def test_verify_code(api, lang, message):
    api.lang = lang
    InvitationCodeFactory(code="WELCOME")
    MerchantFactory(invite_code="FRIEND01")
    assert api.post(VERIFY_CODE, {"invite_code": "welcome"}).json()["data"] == {"invite_code": "WELCOME"}
    assert api.post(VERIFY_CODE, {"invite_code": "FRIEND01"}).json()["code"] == 1
    body = api.post(VERIFY_CODE, {"invite_code": "NOPE"}).json()
    assert (body["code"], body["msg"]) == (0, message)
    assert api.post(VERIFY_CODE, {}).json()["data"]["errors"]["invite_code"]


RESUBMIT = "/merchant/merchant/resubmit"


@pytest.fixture
def rejected_api(api):
    merchant = MerchantFactory(status=MerchantStatus.REJECTED, status_reason="Blurry photo")
    api.login_as(merchant)
    api.merchant = merchant
    return api


def _documents(owner):
    return {
        "id_front": upload_image(kind=Upload.Kind.ID_DOCUMENT, owner=owner).key,
        "id_back": upload_image(kind=Upload.Kind.ID_DOCUMENT, owner=owner).key,
        "id_hand": upload_image(kind=Upload.Kind.ID_DOCUMENT, owner=owner).key,
    }


def test_a_rejected_merchant_resubmits_documents_for_review(rejected_api):
    merchant = rejected_api.merchant
    documents = _documents(merchant)
    body = rejected_api.post(RESUBMIT, documents).json()
    assert body["code"] == 1
    assert body["data"]["status"] == "pending"
    merchant.refresh_from_db()
    assert (merchant.status, merchant.status_reason) == ("pending", "")
    assert merchant.id_hand.key == documents["id_hand"]
    change = status_history(merchant).get()
    assert (change.from_status, change.to_status, change.actor) == ("rejected", "pending", None)


def test_resubmit_with_another_merchants_document_is_not_found(rejected_api, other_merchant):
    documents = _documents(rejected_api.merchant)
    documents["id_front"] = upload_image(kind=Upload.Kind.ID_DOCUMENT, owner=other_merchant).key
    body = rejected_api.post(RESUBMIT, documents).json()
    missing = rejected_api.post(RESUBMIT, {**documents, "id_front": "no-such-key"}).json()
    assert body["code"] == missing["code"] == 0
    assert body["msg"] == missing["msg"]
    rejected_api.merchant.refresh_from_db()
    assert rejected_api.merchant.status == "rejected"


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "Only a rejected registration can be submitted again."),
        ("ru-RU", "Повторно отправить можно только отклонённую заявку."),
    ],
)
def test_only_a_rejected_merchant_can_resubmit(merchant_api, merchant, lang, message):
    merchant_api.lang = lang
    body = merchant_api.post(RESUBMIT, _documents(merchant)).json()
    assert (body["code"], body["msg"]) == (0, message)
    merchant.refresh_from_db()
    assert merchant.status == "active"
    assert not status_history(merchant).exists()
