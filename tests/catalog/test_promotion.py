"""The shop express lane on the catalogue side (issue 12): the storefront's ranking selector (promoted goods first,
only during their window), the promotion packages' and purchases' admin, and the demo packages."""

import io
from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone

from apps.catalog.models import Promotion
from apps.catalog.promotion.services import promotion_create
from apps.catalog.selectors import storefront_goods
from apps.shop.models import PromotionPackage
from tests.factories import ProductFactory, PromotionPackageFactory, ShopGoodsFactory

pytestmark = pytest.mark.django_db


def test_storefront_ranks_promoted_goods_first_only_during_their_window(merchant, other_merchant):
    oldest, middle, newest = (ShopGoodsFactory(merchant=merchant) for _ in range(3))
    off_shelf = ShopGoodsFactory(merchant=merchant, on_shelf=False)
    hidden = ShopGoodsFactory(merchant=merchant, product=ProductFactory(is_active=False))
    ShopGoodsFactory(merchant=other_merchant)
    assert [g["id"] for g in storefront_goods(merchant_id=merchant.pk)] == [newest.pk, middle.pk, oldest.pk]

    promotion = promotion_create(
        merchant=merchant, package=PromotionPackageFactory(duration_hours=24), goods=[oldest, off_shelf, hidden]
    )
    now = timezone.now()
    ranked = list(storefront_goods(merchant_id=merchant.pk, now=now))
    assert [(g["id"], g["is_promoted"]) for g in ranked] == [
        (oldest.pk, True),
        (newest.pk, False),
        (middle.pk, False),
    ]
    # Before it starts and from its end on, the goods rank like any other.
    for moment in (promotion.starts_at - timedelta(seconds=1), promotion.ends_at):
        ranked = list(storefront_goods(merchant_id=merchant.pk, now=moment))
        assert [(g["id"], g["is_promoted"]) for g in ranked] == [
            (newest.pk, False),
            (middle.pk, False),
            (oldest.pk, False),
        ]
    # Another merchant's promotion does not touch this shop's ranking.
    foreign = ShopGoodsFactory(merchant=other_merchant)
    promotion_create(merchant=other_merchant, package=PromotionPackageFactory(), goods=[foreign])
    assert next(g["id"] for g in storefront_goods(merchant_id=merchant.pk)) == oldest.pk


def test_storefront_ranking_reads_in_constant_queries(merchant, django_assert_num_queries):
    package = PromotionPackageFactory(product_quantity=10)
    for n in (2, 8):
        goods = [ShopGoodsFactory(merchant=merchant) for _ in range(n)]
        promotion_create(merchant=merchant, package=package, goods=goods[: n // 2])
        with django_assert_num_queries(1):  # goods with their promotion mark
            assert len(list(storefront_goods(merchant_id=merchant.pk))) >= n


def test_package_admin_lists_adds_and_protects_a_bought_package(admin_client, merchant):
    response = admin_client.post(
        "/admin/shop/promotionpackage/add/",
        {
            "name_ru": "Неделя",
            "name_en": "Week",
            "description_en": "10 products for 7 days.",
            "price": "80.00",
            "product_quantity": "10",
            "duration_hours": "168",
            "is_active": "on",
            "position": "1",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    package = PromotionPackage.objects.get()
    assert (package.name_en, package.price, package.product_quantity) == ("Week", Decimal("80.00"), 10)
    for bad, field in (
        ({"price": "0"}, "price"),
        ({"product_quantity": "0"}, "product_quantity"),
        ({"product_quantity": "101"}, "product_quantity"),
        ({"duration_hours": "0"}, "duration_hours"),
    ):
        data = {"name_ru": "X", "price": "1", "product_quantity": "1", "duration_hours": "1", "position": "0", **bad}
        response = admin_client.post("/admin/shop/promotionpackage/add/", data)
        assert response.status_code == 200
        assert field in response.context["adminform"].form.errors
    assert PromotionPackage.objects.count() == 1
    assert admin_client.get("/admin/shop/promotionpackage/").status_code == 200
    # Not bought yet: it may be deleted. Bought: no delete, deactivate instead.
    assert admin_client.get(f"/admin/shop/promotionpackage/{package.pk}/delete/").status_code == 200
    promotion_create(merchant=merchant, package=package, goods=[ShopGoodsFactory(merchant=merchant)])
    assert admin_client.get(f"/admin/shop/promotionpackage/{package.pk}/delete/").status_code == 403
    assert admin_client.post(f"/admin/shop/promotionpackage/{package.pk}/delete/", {"post": "yes"}).status_code == 403
    assert PromotionPackage.objects.filter(pk=package.pk).exists()


def test_purchases_are_read_only_in_the_admin(admin_client, merchant):
    package = PromotionPackageFactory()
    promotion = promotion_create(merchant=merchant, package=package, goods=[ShopGoodsFactory(merchant=merchant)])
    assert admin_client.get("/admin/catalog/promotion/").status_code == 200
    page = admin_client.get(f"/admin/catalog/promotion/{promotion.pk}/change/")
    assert page.status_code == 200
    assert b'name="_save"' not in page.content
    assert admin_client.get("/admin/catalog/promotion/add/").status_code == 403
    assert admin_client.get(f"/admin/catalog/promotion/{promotion.pk}/delete/").status_code == 403
    assert Promotion.objects.count() == 1


def test_seed_demo_has_three_translated_packages_once():
    call_command("seed_demo", stdout=io.StringIO())
    call_command("seed_demo", stdout=io.StringIO())
    packages = list(PromotionPackage.objects.filter(is_active=True))
    assert len(packages) == 3
    for package in packages:
        for lang in ("en", "zh_hans", "zh_hant", "ru", "ko", "ja", "th"):
            assert getattr(package, f"name_{lang}"), (package, lang)
            assert getattr(package, f"description_{lang}"), (package, lang)
        assert package.price > 0 and package.product_quantity >= 1 and package.duration_hours >= 1
