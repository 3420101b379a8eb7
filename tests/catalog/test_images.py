"""Product pictures are checked from their header before decoding, like merchants' uploads (issue 8, finding 10)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from apps.catalog.models import Product, ProductImage
from apps.catalog.services import product_image_add
from apps.core.errors import AppError
from tests.core.test_upload_pixels import crafted_png
from tests.factories import CategoryFactory, ProductFactory


def test_a_picture_declaring_too_many_pixels_is_refused(db):
    product = ProductFactory()
    with pytest.raises(AppError, match="too large"):
        product_image_add(product=product, content=crafted_png(100_000, 100_000, pixels=False))
    with pytest.raises(AppError, match="too large"):
        product_image_add(product=product, content=crafted_png(6000, 4500))
    assert not ProductImage.objects.exists()


def test_the_admin_refuses_it_on_the_form(client, operator):
    client.force_login(operator)
    product = ProductFactory(category=CategoryFactory())
    url = reverse("admin:catalog_product_change", args=[product.pk])
    page = client.get(url)
    assert page.status_code == 200
    form = page.context["adminform"].form
    data = {key: value for key, value in form.initial.items() if value is not None and not hasattr(value, "pk")}
    data.update({key: getattr(product, key) for key in ("sku", "retail_price", "stock")})
    data["category"] = product.category_id
    data.update(
        {
            "images-TOTAL_FORMS": "1",
            "images-INITIAL_FORMS": "0",
            "images-0-position": "0",
            "images-0-image": SimpleUploadedFile("big.png", crafted_png(6000, 4500), content_type="image/png"),
        }
    )
    response = client.post(url, data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200  # the form again, with the message
    assert "The image is too large" in response.content.decode()
    assert not ProductImage.objects.exists()
    assert Product.objects.count() == 1
