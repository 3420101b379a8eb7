"""The operator side: admin pages, images with thumbnails, and the CSV import of products."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from apps.catalog.models import Product
from tests.factories import CategoryFactory, ProductFactory, ShopGoodsFactory, image_bytes

pytestmark = pytest.mark.django_db

IMPORT = "/admin/catalog/product/import-csv/"


def post_csv(admin_client, text: str):
    upload = SimpleUploadedFile("products.csv", text.encode(), content_type="text/csv")
    return admin_client.post(IMPORT, {"file": upload})


def test_import_creates_and_updates_valid_rows_and_reports_rejected_ones(admin_client):
    shoes = CategoryFactory(name_ru="Обувь", name_en="Shoes")
    existing = ProductFactory(sku="SH-1", stock=1)
    csv_text = (
        "sku,category,retail_price,stock,is_hot,title_ru,title_en,description_ru\n"
        "SH-1,shoes,49.90,12,1,Кеды,Sneakers,Лёгкие кеды.\n"  # line 2: update, category by name
        f"SH-2,{shoes.id},19.00,5,0,Сандалии,Sandals,\n"  # line 3: create, category by id
        "SH-3,Hats,10.00,5,0,Шляпа,Hat,\n"  # line 4: unknown category
        "SH-4,shoes,-1,5,0,Тапки,Slippers,\n"  # line 5: negative price
        "SH-5,shoes,10.00,many,0,Носки,Socks,\n"  # line 6: stock not a number
        "SH-6,shoes,10.00,5,maybe,,Boots,\n"  # line 7: bad flag and no Russian title
    )

    response = post_csv(admin_client, csv_text)

    assert response.status_code == 200
    report = response.context["report"]
    assert (report.created, report.updated, report.error) == (1, 1, "")
    assert [line for line, _reason in report.rejected] == [4, 5, 6, 7]
    reasons = dict(report.rejected)
    assert "Hats" in reasons[4]
    assert reasons[5].startswith("retail_price:")
    assert reasons[6].startswith("stock:")
    assert "is_hot" in reasons[7] and "title_ru" in reasons[7]
    existing.refresh_from_db()
    assert (existing.title_en, existing.stock, existing.is_hot, str(existing.retail_price)) == (
        "Sneakers",
        12,
        True,
        "49.90",
    )
    assert existing.category == shoes
    assert Product.objects.get(sku="SH-2").title_ru == "Сандалии"
    assert not Product.objects.filter(sku__in=["SH-3", "SH-4", "SH-5", "SH-6"]).exists()
    assert b"Rejected: 4" in response.content


def test_import_refuses_a_file_without_required_columns(admin_client):
    response = post_csv(admin_client, "sku,title_en\nX-1,Thing\n")
    assert response.context["report"].error == "Missing columns: category, retail_price, stock, title_ru"
    assert not Product.objects.exists()


def test_import_refuses_a_file_that_is_not_utf8(admin_client):
    upload = SimpleUploadedFile("products.csv", "sku,категория".encode("cp1251"), content_type="text/csv")
    response = admin_client.post(IMPORT, {"file": upload})
    assert response.context["report"].error == "The file is not a UTF-8 CSV file."


def test_import_page_documents_the_columns(admin_client):
    response = admin_client.get(IMPORT)
    assert response.status_code == 200
    for column in ("sku", "category", "retail_price", "stock", "title_ru", "description_zh_hant", "is_hot"):
        assert column.encode() in response.content


def test_import_needs_an_operator(client):
    assert client.get(IMPORT).status_code == 302


def test_product_admin_saves_images_with_thumbnails(admin_client):
    category = CategoryFactory()
    data = {
        "sku": "ADM-1",
        "category": category.id,
        "title_ru": "Рюкзак",
        "title_en": "Backpack",
        "retail_price": "30.00",
        "stock": "3",
        "is_active": "on",
        "images-TOTAL_FORMS": "1",
        "images-INITIAL_FORMS": "0",
        "images-MIN_NUM_FORMS": "0",
        "images-MAX_NUM_FORMS": "1000",
        "images-0-image": SimpleUploadedFile("photo.png", image_bytes(size=(800, 500)), content_type="image/png"),
        "images-0-position": "0",
    }
    response = admin_client.post("/admin/catalog/product/add/", data)
    assert response.status_code == 302, response.context["adminform"].form.errors if response.context else ""
    image = Product.objects.get(sku="ADM-1").images.get()
    assert image.thumbnail.name.startswith("catalog/thumbs/")
    assert (image.thumbnail.width, image.thumbnail.height) == (360, 360)
    assert image.image.name.endswith(".jpg") and "photo" not in image.image.name


@pytest.mark.parametrize(
    "url",
    [
        "/admin/catalog/product/",
        "/admin/catalog/category/",
        "/admin/catalog/shopgoods/",
        "/admin/shop/level/",
        "/admin/shop/shop/",
        "/admin/catalog/product/add/",
    ],
)
def test_admin_pages_open(admin_client, merchant, url):
    ShopGoodsFactory(merchant=merchant)
    assert admin_client.get(url).status_code == 200


def test_goods_counters_cannot_be_typed_in_the_admin(admin_client, merchant):
    goods = ShopGoodsFactory(merchant=merchant)
    response = admin_client.get(f"/admin/catalog/shopgoods/{goods.id}/change/")
    assert response.status_code == 200
    assert b'name="clicks"' not in response.content and b'name="sales"' not in response.content
    assert admin_client.get("/admin/catalog/shopgoods/add/").status_code == 403


def test_level_one_must_stay_free(admin_client):
    now = timezone.now()  # the first level ever applies at once
    data = {"rank": "1", "name_ru": "Бронзовый", "profit_margin": "0.10", "product_quantity": "20",
            "effective_from_0": now.strftime("%Y-%m-%d"), "effective_from_1": now.strftime("%H:%M:%S")}  # fmt: skip
    response = admin_client.post("/admin/shop/level/add/", {**data, "upgrade_price": "5.00"})
    assert response.status_code == 200
    assert "upgrade_price" in response.context["adminform"].form.errors
    assert admin_client.post("/admin/shop/level/add/", {**data, "upgrade_price": "0"}).status_code == 302
