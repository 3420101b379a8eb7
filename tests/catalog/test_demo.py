import io

import pytest
from django.core.management import call_command

from apps.catalog.models import Category, Product, ProductImage
from apps.shop.models import Level

pytestmark = pytest.mark.django_db


def test_seed_demo_builds_a_translated_catalogue_once():
    call_command("seed_demo", stdout=io.StringIO())
    call_command("seed_demo", stdout=io.StringIO())  # idempotent

    assert Category.objects.count() >= 8
    assert Product.objects.count() >= 80
    assert ProductImage.objects.count() == Product.objects.count()
    assert Product.objects.filter(is_hot=True).exists()
    languages = ("en", "zh_hans", "zh_hant", "ru", "ko", "ja", "th")
    for product in Product.objects.all():
        titles = [getattr(product, f"title_{lang}") for lang in languages]
        descriptions = [getattr(product, f"description_{lang}") for lang in languages]
        assert all(titles) and all(descriptions)
        assert len(set(titles)) >= 5  # really translated, not copied
    image = ProductImage.objects.first()
    assert (image.thumbnail.width, image.thumbnail.height) == (360, 360)

    levels = list(Level.objects.order_by("rank"))
    assert [level.rank for level in levels] == [1, 2, 3, 4]
    assert levels[0].upgrade_price == 0
    margins = [level.profit_margin for level in levels]
    quantities = [level.product_quantity for level in levels]
    assert margins == sorted(margins) and len(set(margins)) == 4
    assert quantities == sorted(quantities) and len(set(quantities)) == 4
    assert all(getattr(levels[3], f"name_{lang}") for lang in languages)
