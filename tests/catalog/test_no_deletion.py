"""Attack 9 of issue 32, the deletions: an operator deletes a merchant's shop (the app then showed empty shop data),
a listing with its clicks and sales (even one in a paid promotion), a product that shops list, or the merchant.

Tried as an operator would, through the admin over HTTP, by the strongest operator there is (a superuser): every
delete page and every bulk delete is refused and the rows are still there; a shop's settings are the merchant's, so
the console shows them and changes nothing."""

from decimal import Decimal

import pytest
from django.urls import reverse

from apps.accounts.models import Merchant
from apps.catalog.models import GoodsView, Product, PromotionGoods, ShopGoods
from apps.catalog.promotion.services import promotion_buy
from apps.catalog.services import goods_view_record
from apps.shop.models import Shop
from tests.factories import (
    DEFAULT_PAY_PASSWORD,
    ProductFactory,
    PromotionPackageFactory,
    ShopGoodsFactory,
    fund,
    place_order,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def listings(merchant):
    """A listing with every kind of history (a view, a paid order, a running paid promotion) and one with none."""
    promoted = ShopGoodsFactory(merchant=merchant)
    goods_view_record(goods_id=promoted.pk, visitor_key="v1")
    place_order(merchant, goods=promoted)
    fund(merchant, "50")
    package = PromotionPackageFactory(price=Decimal("20.00"), product_quantity=1, duration_hours=24)
    promotion_buy(merchant=merchant, package_id=package.pk, goods_ids=[promoted.pk], pay_password=DEFAULT_PAY_PASSWORD)
    return promoted, ShopGoodsFactory(merchant=merchant)


def _url(model, page, *args):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{page}", args=args)


def _bulk_delete(admin_client, model, pks):
    """Django's "Delete selected" from the list, confirmed."""
    return admin_client.post(
        _url(model, "changelist"),
        {"action": "delete_selected", "_selected_action": [str(pk) for pk in pks], "post": "yes"},
    )


def _offered(admin_client, model):
    """The actions the list offers (none: no action menu at all)."""
    form = admin_client.get(_url(model, "changelist")).context["action_form"]
    return {name for name, _label in form.fields["action"].choices} if form else set()


def _delete_refused(admin_client, model, obj):
    page = _url(model, "delete", obj.pk)
    assert admin_client.get(page).status_code == 403
    assert admin_client.post(page, {"post": "yes"}).status_code == 403
    assert "delete_selected" not in _offered(admin_client, model)
    assert _bulk_delete(admin_client, model, [obj.pk]).status_code in (200, 302)  # "No action selected."
    assert model.objects.filter(pk=obj.pk).exists()


def test_a_merchants_shop_is_never_deleted_nor_changed_in_the_console(admin_client, merchant, listings):
    shop = merchant.shop
    _delete_refused(admin_client, Shop, shop)
    change = _url(Shop, "change", shop.pk)
    page = admin_client.get(change)
    assert page.status_code == 200 and shop.name in page.content.decode()  # shown
    assert 'name="name"' not in page.content.decode() and 'name="_save"' not in page.content.decode()
    assert admin_client.post(change, {"name": "Renamed by an operator", "phone": "1"}).status_code == 403
    shop.refresh_from_db()
    assert shop.name != "Renamed by an operator"
    assert Shop.objects.filter(merchant=merchant).count() == 1


def test_a_merchant_is_never_deleted_in_the_console(admin_client, merchant):
    _delete_refused(admin_client, Merchant, merchant)


def test_listings_are_never_deleted_in_the_console_with_or_without_history(admin_client, merchant, listings):
    promoted, plain = listings
    for goods in (promoted, plain):
        _delete_refused(admin_client, ShopGoods, goods)
    response = _bulk_delete(admin_client, ShopGoods, [promoted.pk, plain.pk])
    assert response.status_code in (200, 302)
    assert ShopGoods.objects.filter(pk__in=[promoted.pk, plain.pk]).count() == 2
    promoted.refresh_from_db()
    assert (promoted.clicks, promoted.sales) == (1, 1)
    assert GoodsView.objects.filter(goods=promoted).count() == 1
    assert PromotionGoods.objects.get().goods_id == promoted.pk


def test_a_product_that_shops_list_is_never_deleted(admin_client, merchant, listings):
    listed = listings[1].product
    page = _url(Product, "delete", listed.pk)
    assert admin_client.get(page).status_code == 403
    assert admin_client.post(page, {"post": "yes"}).status_code == 403
    response = _bulk_delete(admin_client, Product, [listed.pk])
    assert response.status_code == 200  # Django's page naming what protects it, and nothing deleted
    assert "Cannot delete product" in response.content.decode()
    assert Product.objects.filter(pk=listed.pk).exists() and ShopGoods.objects.filter(product=listed).exists()


def test_a_product_no_shop_lists_can_still_be_deleted(admin_client):
    """The catalogue stays the platform's: a product nobody listed, viewed or sold goes."""
    unlisted = ProductFactory()
    assert admin_client.post(_url(Product, "delete", unlisted.pk), {"post": "yes"}).status_code == 302
    assert not Product.objects.filter(pk=unlisted.pk).exists()
