"""A registration's page puts the evidence before the decision, and each decision says what happened and who was told
(issue 35). Signed in over HTTP as a staff operator who holds the registrations' permissions, or one who does not."""

import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import translation

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import AuthToken, InvitationCode
from apps.accounts.services import recovery_request, session_create
from apps.core.models import Upload
from apps.support.models import Notice
from tests.factories import MerchantFactory, ProductFactory, ShopGoodsFactory, upload_image
from tests.helpers import admin_as

pytestmark = pytest.mark.django_db
CHANGELIST = reverse("admin:accounts_merchant_changelist")
REVIEWER_PERMISSIONS = ["view_merchant", "change_merchant", "approve_merchant", "close_merchant"]


def _staff(django_user_model, username, codenames):
    user = django_user_model.objects.create_user(username, f"{username}@example.com", "Operator-pass-2026")
    user.is_staff = True
    user.save()
    user.user_permissions.set(Permission.objects.filter(content_type__app_label="accounts", codename__in=codenames))
    return user


@pytest.fixture
def reviewer(client, django_user_model):
    """The console as a staff operator who reviews registrations (not a superuser)."""
    return admin_as(client, _staff(django_user_model, "kyc", REVIEWER_PERMISSIONS))


@pytest.fixture
def applicant(db):
    """A pending registration: ID card front, back and in hand sent, no business licence; invited by a merchant with
    a platform invitation code."""
    referrer = MerchantFactory(real_name="Rita Referrer")
    merchant = MerchantFactory(
        status=MerchantStatus.PENDING,
        real_name="Maria Gonzalez",
        country="ES",
        language="ru-RU",
        invited_by=referrer,
        invitation=InvitationCode.objects.create(code="SPRING"),
    )
    for field in ("id_front", "id_back", "id_hand"):
        setattr(merchant, field, upload_image(kind=Upload.Kind.ID_DOCUMENT, owner=merchant))
    merchant.save()
    return merchant


def _page(client, merchant):
    response = client.get(reverse("admin:accounts_merchant_change", args=[merchant.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _messages(response):
    return [str(message) for message in response.context["messages"]]


def test_the_page_shows_the_documents_and_the_applicant_before_the_decision(reviewer, applicant):
    page = _page(reviewer, applicant)
    documents = [reverse("admin:private_file", args=[upload.pk]) for upload in (
        applicant.id_front, applicant.id_back, applicant.id_hand)]  # fmt: skip
    decision = page.index(reverse("admin:accounts_merchant_approve", args=[applicant.pk]))
    for url in documents:
        assert f'<a href="{url}" target="_blank"><img src="{url}" alt="" class="picture-document">' in page
        assert page.index(url) < decision  # the evidence comes first
    assert "Business license</figcaption>" in page and "Not sent" in page  # the missing licence is said, not hidden
    for shown in (
        "Maria Gonzalez",
        applicant.shop.name,
        applicant.phone,
        applicant.email,
        "Spain (ES)",
        "Русский",
        "Rita Referrer",
        "SPRING",
        "ago",
    ):
        assert 0 <= page.index(shown) < decision, shown
    referrer_url = reverse("admin:accounts_merchant_change", args=[applicant.invited_by.pk])
    assert f'<a href="{referrer_url}">' in page
    assert reverse("admin:accounts_merchant_reject", args=[applicant.pk]) in page


def test_the_page_has_no_empty_rows(reviewer, applicant):
    page = _page(reviewer, applicant)
    assert re.findall(r'<div class="readonly">\s*-?\s*</div>', page) == []
    for absent in ("Shop logo", "Level:", "Reason:", "account recovery", "Pay password locked until"):
        assert absent not in page, absent  # nothing to show: no row
    # A merchant without documents or referrer: neither row.
    plain = MerchantFactory(status=MerchantStatus.PENDING)
    page = _page(reviewer, plain)
    assert re.findall(r'<div class="readonly">\s*-?\s*</div>', page) == []
    assert "Identity documents" not in page and "Invited by" not in page


def test_approving_says_the_merchant_was_notified_and_the_merchant_is(reviewer, applicant):
    url = reverse("admin:accounts_merchant_approve", args=[applicant.pk])
    response = reviewer.post(url, follow=True)
    assert _messages(response) == ["Registration approved; the merchant was notified."]
    applicant.refresh_from_db()
    assert applicant.status == MerchantStatus.ACTIVE
    with translation.override("en"):
        assert [n.rendered_title() for n in Notice.objects.filter(merchant=applicant)] == ["Registration approved"]


def test_rejecting_and_closing_say_the_merchant_was_told_the_reason(reviewer, applicant):
    response = reviewer.post(
        reverse("admin:accounts_merchant_reject", args=[applicant.pk]), {"reason": "Blurry ID"}, follow=True
    )
    assert _messages(response) == ["Registration rejected; the merchant was told the reason."]
    active = MerchantFactory()
    response = reviewer.post(
        reverse("admin:accounts_merchant_close", args=[active.pk]), {"reason": "Counterfeit goods"}, follow=True
    )
    assert _messages(response) == ["Shop closed; the merchant was told the reason."]
    response = reviewer.post(
        reverse("admin:accounts_merchant_reopen", args=[active.pk]), {"reason": "Appeal accepted"}, follow=True
    )
    assert _messages(response) == ["Shop reopened; the merchant was told the reason."]
    with translation.override("en"):
        told = [(n.merchant_id, n.rendered_body()) for n in Notice.objects.order_by("id")]
    assert told == [
        (applicant.pk, "Reason: Blurry ID"),
        (active.pk, "Reason: Counterfeit goods"),
        (active.pk, "Reason: Appeal accepted"),
    ]


def test_the_list_actions_count_what_was_decided_and_say_who_was_told(reviewer):
    pending = [MerchantFactory(status=MerchantStatus.PENDING) for _ in range(3)]
    response = reviewer.post(
        CHANGELIST, {"action": "approve", "_selected_action": [m.pk for m in pending]}, follow=True
    )
    assert _messages(response) == ["3 registrations approved; each merchant was notified."]
    assert Notice.objects.filter(merchant__in=pending).count() == 3
    response = reviewer.post(
        CHANGELIST,
        {"action": "close", "_selected_action": [pending[0].pk], "apply": "1", "reason": "Fraud"},
        follow=True,
    )
    assert _messages(response) == ["1 shop closed; the merchant was told the reason."]
    with translation.override("ru"):
        response = reviewer.post(
            CHANGELIST,
            {"action": "reopen", "_selected_action": [pending[0].pk], "apply": "1", "reason": "OK"},
            follow=True,
            HTTP_ACCEPT_LANGUAGE="ru",
        )
    assert _messages(response) == ["1 магазин снова открыт; каждому продавцу сообщили причину."]


def test_an_operator_without_the_permission_sees_no_decision_and_is_refused(client, django_user_model, applicant):
    viewer = admin_as(client, _staff(django_user_model, "viewer", ["view_merchant"]))
    page = _page(viewer, applicant)
    assert reverse("admin:private_file", args=[applicant.id_front.pk]) in page  # the evidence, still
    for name in ("approve", "reject", "close", "reopen"):
        url = reverse(f"admin:accounts_merchant_{name}", args=[applicant.pk])
        assert url not in page
        assert viewer.get(url).status_code == 403
        assert viewer.post(url, {"reason": "x"}).status_code == 403
    listing = viewer.get(CHANGELIST).content.decode()
    assert 'value="approve"' not in listing
    viewer.post(CHANGELIST, {"action": "approve", "_selected_action": [applicant.pk]})
    applicant.refresh_from_db()
    assert applicant.status == MerchantStatus.PENDING
    assert not Notice.objects.filter(merchant=applicant).exists()


def test_the_lists_are_narrow_and_show_the_status(reviewer, applicant):
    listing = reviewer.get(CHANGELIST).content.decode()
    headers = re.findall(r'<th scope="col"[^>]*class="([^"]*)"', listing)
    assert len(headers) <= 6, headers  # the checkbox, name and phone, status, shop, country, registered
    assert "Under review" in listing and "ES" in listing and "ago" in listing


def test_session_revoke_and_account_recovery_say_who_was_told(admin_client, operator, django_user_model, applicant):
    session_create(merchant=applicant)
    token = AuthToken.objects.get(merchant=applicant)
    response = admin_client.post(
        reverse("admin:accounts_authtoken_changelist"),
        {"action": "revoke", "_selected_action": [token.pk], "apply": "1", "reason": "Stolen phone"},
        follow=True,
    )
    assert _messages(response) == ["1 session revoked; its merchant was told the reason."]

    response = admin_client.post(
        reverse("admin:accounts_accountrecovery_add"),
        {"merchant": applicant.pk, "new_email": "found@example.org", "new_phone": "", "reason": "Lost access"},
        follow=True,
    )
    assert _messages(response) == [
        "Account recovery requested; the merchant was told in the app and at their current email and phone. "
        "A second operator must approve it."
    ]
    recovery = applicant.recoveries.get()
    assert response.redirect_chain[-1][0] == reverse("admin:accounts_accountrecovery_change", args=[recovery.pk])

    second = admin_as(admin_client, django_user_model.objects.create_superuser("second", "s@example.com", "pw-2026-x"))
    response = second.post(
        reverse("admin:accounts_accountrecovery_reject", args=[recovery.pk]), {"reason": "No ID"}, follow=True
    )
    assert _messages(response) == [
        "Account recovery rejected; the merchant was told the reason, in the app and at their current email and phone."
    ]
    other = recovery_request(
        merchant_id=applicant.pk, new_email="again@example.org", new_phone="", reason="x", operator=operator
    )
    response = second.post(reverse("admin:accounts_accountrecovery_approve", args=[other.pk]), follow=True)
    assert _messages(response)[0].startswith("Account recovery approved; the merchant was told")


def test_the_catalogue_lists_show_amounts_with_their_currency_and_whose_listing(admin_client):
    product = ProductFactory(retail_price=Decimal("26.50"), title="Silver necklace")
    goods = ShopGoodsFactory(product=product)
    products = admin_client.get(reverse("admin:catalog_product_changelist")).content.decode()
    assert "$26.50" in products and product.sku in products
    listings = admin_client.get(reverse("admin:catalog_shopgoods_changelist")).content.decode()
    assert goods.merchant.real_name in listings and goods.merchant.phone in listings
    shops = admin_client.get(reverse("admin:shop_shop_changelist")).content.decode()
    assert goods.merchant.shop.name in shops and "Active" in shops
