"""Browser tests of the shop screens (issue 3): the Product tab, the distribution center, the shop's goods, product
details, shop settings (basic information, social media, banners) and levels, driven at 390x844 in Chromium.

The catalogue and levels are the demo seed (real titles in the seven languages, pictures drawn by Pillow).
"""

import io
import itertools
from decimal import Decimal

import pytest
from django.utils import translation

from apps.core.i18n import django_lang
from tests.e2e.conftest import (
    LANGUAGES,
    assert_visible,
    catalogue,
    drawn,
    open_app,
    server_text,
    settled,
    shot,
    sign_in,
    tap,
    wait_toast,
    wait_toast_gone,
)
from tests.factories import drawn_image, image_bytes


@pytest.fixture
def demo_shop(base_url, merchant):
    """Levels and the demo catalogue; the merchant is on level 1 (margin 10 %, 20 products)."""
    from apps.catalog import demo as catalog_demo
    from apps.shop import demo as shop_demo
    from apps.shop.models import Level

    shop_demo.seed(io.StringIO())
    catalog_demo.seed(io.StringIO())
    merchant.level = Level.objects.get(rank=1)
    merchant.save(update_fields=["level"])
    return merchant


def drawn_upload(*, kind: str, owner, size: tuple[int, int], label: str):
    """An upload of a picture drawn here (a logo or a banner that looks like one in the screenshots)."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from apps.core.services import upload_create

    raw = SimpleUploadedFile("picture.png", drawn_image(size, label), content_type="image/png")
    return upload_create(file=raw, kind=kind, owner_id=owner.pk if owner else None)


def wait_uploaded(area) -> None:
    """The picture is shown and its upload finished (the "uploading" mask is gone), so the form has its key."""
    area.locator(".adm-image-uploader-cell img").wait_for()
    area.locator(".adm-image-uploader-cell-mask").wait_for(state="detached")


def confirm_dialog(page, texts: dict[str, str]) -> None:
    tap(page.locator(".adm-dialog-button", has_text=texts["common.confirm"]))


def close_dialog(page, texts: dict[str, str]) -> None:
    tap(page.locator(".adm-dialog-button", has_text=texts["distribution.close"]))
    page.locator(".adm-dialog").wait_for(state="detached")


def goods_count(merchant) -> int:
    from apps.catalog.models import ShopGoods

    return ShopGoods.objects.filter(merchant=merchant).count()


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_distribute_then_manage_goods(page, base_url, demo_shop, lang):
    from apps.catalog.models import Product, ShopGoods
    from apps.catalog.pricing import prices_for

    merchant = demo_shop
    texts = catalogue(lang)
    sign_in(page, base_url, merchant, lang)
    open_app(page, base_url, "/goods")
    assert page.get_by_text(texts["common.noRecords"]).is_visible()  # nothing distributed yet
    shot(page, "goods-empty")
    open_app(page, base_url, "/product")
    page.get_by_text(texts["product.categories"]).wait_for()
    assert page.get_by_text(texts["common.noRecords"]).is_visible()  # no best sellers yet
    page.locator(".catalog-category").nth(1).click()  # a category opens the center filtered by it
    page.wait_for_url(f"{base_url}/distribution?category=*")
    page.locator('[data-testid="center-product"]').first.wait_for()

    # Nothing chosen: the spec's message.
    tap(page.get_by_role("button", name=texts["distribution.distribute"], exact=True))
    wait_toast(page, texts["distribution.selectProduct"])
    wait_toast_gone(page)

    # Choose two products and distribute them.
    rows = page.locator('[data-testid="center-product"]')
    rows.nth(0).click()
    rows.nth(1).click()
    assert page.get_by_text(texts["distribution.selected"].replace("{count}", "2")).is_visible()
    tap(page.get_by_role("button", name=texts["distribution.distribute"], exact=True))
    result = page.locator('[data-testid="distribute-result"]')
    result.wait_for()
    assert server_text(lang, "Added to your shop: %(added)d.", added=2) in result.inner_text()
    assert goods_count(merchant) == 2
    close_dialog(page, texts)
    assert rows.nth(0).get_by_text(texts["distribution.added"], exact=True).is_visible()
    assert page.get_by_text(texts["distribution.selected"].replace("{count}", "0")).is_visible()

    # Hot one-click: more hot products than the level allows (20), so the answer says what did not fit.
    hot = Product.objects.filter(is_hot=True).count()
    already = ShopGoods.objects.filter(merchant=merchant, product__is_hot=True).count()
    tap(page.get_by_role("button", name=texts["distribution.hot"]))
    confirm_dialog(page, texts)
    result.wait_for()
    skipped = hot - already - 18
    expected = server_text(
        lang,
        "Added: %(added)d. Not added: %(skipped)d (product limit for your level: %(limit)d).",
        added=18,
        skipped=skipped,
        limit=20,
    )
    assert expected in result.inner_text()
    assert page.get_by_role("button", name=texts["distribution.upgrade"]).is_visible()
    settled(result)  # faded in, for the screenshot
    shot(page, "distribution-result")
    assert goods_count(merchant) == 20
    close_dialog(page, texts)

    # Full: the center says so instead of asking to distribute all, offers the upgrade, and sends nothing.
    tap(page.get_by_role("button", name=texts["distribution.all"]))
    full = page.locator(".adm-dialog-body", has_text=texts["distribution.shopFull"].replace("{count}", "20"))
    assert_visible(full)
    assert_visible(full.locator(".adm-dialog-button", has_text=texts["distribution.upgrade"]))
    settled(full)  # faded in, for the screenshot
    shot(page, "distribution-shop-full", full_page=False)
    close_dialog(page, texts)
    assert goods_count(merchant) == 20

    # My goods: purchase price and profit as the server computes them at the merchant's margin.
    open_app(page, base_url, "/goods")
    cards = page.locator('[data-testid="goods-card"]')
    cards.first.wait_for()
    newest = ShopGoods.objects.filter(merchant=merchant).select_related("product").order_by("-created_at", "-id")[0]
    prices = prices_for(retail=newest.product.retail_price, margin=Decimal("0.10"))
    first = cards.first.inner_text()
    assert texts["price.purchase"] in first and texts["price.profit"] in first
    assert f"{prices.purchase:,}" in first and f"{prices.profit:,}" in first
    shot(page, "goods-all")

    # Off shelf, seen in the "In stock" tab, then back on shelf.
    tap(cards.first.get_by_role("button", name=texts["goods.offShelf"]))
    wait_toast(page, server_text(lang, "The product was taken off the shelf."))
    newest.refresh_from_db()
    assert newest.on_shelf is False
    page.locator(".adm-tabs-tab", has_text=texts["goods.tabStock"]).click()
    with translation.override(django_lang(lang)):
        title = newest.product.title
    cards.filter(has_text=title).wait_for()
    assert cards.count() == 1
    tabs = page.locator(".adm-tabs", has=page.locator(".adm-tabs-tab", has_text=texts["goods.tabStock"]))
    settled(tabs.locator(".adm-tabs-tab-line"))  # the underline slid under the tab
    shot(page, "goods-stock")
    tap(cards.first.get_by_role("button", name=texts["goods.onShelf"]))
    wait_toast(page, server_text(lang, "The product is now on sale."))
    newest.refresh_from_db()
    assert newest.on_shelf is True

    # Remove, with a confirmation; cancelling keeps it.
    page.locator(".adm-tabs-tab", has_text=texts["goods.tabAll"]).click()
    cards.first.wait_for()
    tap(cards.first.get_by_role("button", name=texts["goods.remove"]))
    tap(page.locator(".adm-dialog-button", has_text=texts["common.cancel"]))
    assert goods_count(merchant) == 20
    tap(cards.first.get_by_role("button", name=texts["goods.remove"]))
    remove = page.locator(".adm-dialog-button", has_text=texts["goods.remove"])  # says what it does, in red
    assert_visible(remove)
    assert remove.get_by_test_id("confirm-danger").evaluate("el => getComputedStyle(el).color") == "rgb(217, 0, 27)"
    shot(page, "goods-remove-confirm", full_page=False)
    remove.click()
    wait_toast(page, server_text(lang, "Removed from your shop."))
    assert goods_count(merchant) == 19
    assert not ShopGoods.objects.filter(pk=newest.pk).exists()

    # Details of a listing: prices, profit, description.
    cards.first.click()
    page.wait_for_url(f"{base_url}/goodsDetail?id=*")
    page.locator(".detail-title").wait_for()
    detail = page.locator(".detail-card")
    assert detail.get_by_text(texts["goodsDetail.inShop"]).is_visible()
    assert detail.get_by_text(texts["price.purchase"]).is_visible()
    assert detail.get_by_text(texts["price.profit"]).is_visible()
    shot(page, "goods-detail-listing")


@pytest.mark.parametrize("lang", ["en", "ru-RU"])
def test_edit_shop_info_social_links_and_banners(page, base_url, demo_shop, lang, tmp_path):
    from apps.shop.models import Shop

    merchant = demo_shop
    texts = catalogue(lang)
    logo = tmp_path / "logo.png"
    logo.write_bytes(image_bytes(size=(200, 200)))
    banner = tmp_path / "banner.png"
    banner.write_bytes(image_bytes(size=(900, 300)))
    sign_in(page, base_url, merchant, lang)

    open_app(page, base_url, "/setting")
    page.locator(".adm-list-item", has_text=texts["setting.baseInfo"]).click()
    page.wait_for_url(f"{base_url}/baseinfo")
    page.get_by_placeholder(texts["baseInfo.namePlaceholder"]).fill("")
    tap(page.get_by_role("button", name=texts["shopForm.save"]))
    assert page.get_by_text(texts["baseInfo.nameRequired"]).is_visible()

    page.locator(".adm-image-uploader input[type=file]").set_input_files(str(logo))
    wait_uploaded(page.locator(".adm-image-uploader"))
    page.get_by_placeholder(texts["baseInfo.namePlaceholder"]).fill("Harbor Lights")
    page.locator("input[type=tel]").fill("+1 555 010 2030")
    page.locator(".adm-form-item", has_text=texts["baseInfo.address"]).locator("input").fill("12 Pier Road, Lisbon")
    page.get_by_placeholder(texts["baseInfo.introductionPlaceholder"]).fill("Lamps and lights for every room.")
    page.get_by_placeholder(texts["baseInfo.welcomePlaceholder"]).fill("Welcome to Harbor Lights!")
    tap(page.get_by_role("button", name=texts["shopForm.save"]))
    wait_toast(page, server_text(lang, "Saved successfully"))
    shop = Shop.objects.select_related("logo").get(merchant=merchant)
    assert (shop.name, shop.phone, shop.address) == ("Harbor Lights", "+1 555 010 2030", "12 Pier Road, Lisbon")
    assert shop.welcome_message == "Welcome to Harbor Lights!"
    assert shop.logo is not None and shop.logo.kind == "logo"

    # Social links: https only, checked before sending.
    open_app(page, base_url, "/socialmedia")
    twitter = page.locator(".adm-form-item", has_text=texts["social.twitter"]).locator("input")
    twitter.fill("http://twitter.com/harborlights")
    tap(page.get_by_role("button", name=texts["shopForm.save"]))
    assert page.get_by_text(texts["social.httpsOnly"]).is_visible()
    shot(page, "socialmedia-https-only")
    Shop.objects.filter(merchant=merchant, twitter_url="").get()  # nothing was saved
    twitter.fill("https://twitter.com/harborlights")
    tap(page.get_by_role("button", name=texts["shopForm.save"]))
    wait_toast(page, server_text(lang, "Saved successfully"))
    shop.refresh_from_db()
    assert shop.twitter_url == "https://twitter.com/harborlights"

    # Banners: Save with nothing chosen sends nothing and says so; then upload both and save.
    open_app(page, base_url, "/uploadBanner")
    tap(page.get_by_role("button", name=texts["shopForm.save"]))
    wait_toast(page, texts["shopForm.nothingChanged"])
    wait_toast_gone(page)
    for name in ("store_banner", "ad_banner"):
        area = page.locator(f'[data-testid="{name}"]')
        area.locator("input[type=file]").set_input_files(str(banner))
        wait_uploaded(area)
    tap(page.get_by_role("button", name=texts["shopForm.save"]))
    wait_toast(page, server_text(lang, "Saved successfully"))
    shop.refresh_from_db()
    assert shop.store_banner is not None and shop.ad_banner is not None
    assert shop.store_banner.kind == shop.ad_banner.kind == "banner"

    # The settings header shows the new name; the level screen marks the current level.
    open_app(page, base_url, "/setting")
    assert page.locator(".setting-header-name", has_text="Harbor Lights").is_visible()
    open_app(page, base_url, "/level")
    current = page.locator('[data-testid="level-card-1"]')
    assert current.get_by_text(texts["level.current"]).is_visible()
    assert page.locator(".level-card .adm-tag", has_text=texts["level.current"]).count() == 1


def test_every_shop_screen_in_every_language(page, base_url, demo_shop):
    """Screenshots of the issue's screens with data, in the seven languages."""
    from apps.catalog.models import Product, ShopGoods
    from apps.catalog.services import goods_add, goods_view_record
    from apps.shop.services import shop_banners_update, shop_update

    merchant = demo_shop
    first_category = Product.objects.order_by("id").first().category
    products = list(Product.objects.filter(category=first_category).order_by("id")[:6])
    goods_add(merchant=merchant, product_ids=[product.pk for product in products])
    listings = list(ShopGoods.objects.filter(merchant=merchant).order_by("id"))
    for index, listing in enumerate(listings[:3]):
        for _view in range(3 - index):
            goods_view_record(goods_id=listing.pk)
    ShopGoods.objects.filter(pk=listings[-1].pk).update(on_shelf=False)
    shop_update(
        merchant=merchant,
        texts={"name": "Harbor Lights", "phone": "+1 555 010 2030", "address": "12 Pier Road, Lisbon"},
        logo_key=drawn_upload(kind="logo", owner=merchant, size=(240, 240), label="").key,
    )
    banner = drawn_upload(kind="banner", owner=merchant, size=(900, 300), label="Harbor Lights")
    shop_banners_update(merchant=merchant, store_banner_key=banner.key, ad_banner_key=None)
    detail = f"/goodsDetail?id={products[0].pk}"
    screens = [
        ("product", "/product"),
        ("distribution", f"/distribution?category={products[0].category_id}"),
        ("goods", "/goods"),
        ("goods-detail", detail),
        ("setting", "/setting"),
        ("baseinfo", "/baseinfo"),
        ("socialmedia", "/socialmedia"),
        ("upload-banner", "/uploadBanner"),
        ("level", "/level"),
    ]
    sign_in(page, base_url, merchant)
    for lang in LANGUAGES:
        texts = catalogue(lang)
        for name, path in screens:
            open_app(page, base_url, path, lang)
            drawn(page)  # the images loaded
            title = page.locator(".adm-nav-bar-title")
            if path != "/product":
                assert title.inner_text() == texts[f"route.{path.split('?')[0].strip('/')}"], (lang, path)
            shot(page, name)
        open_app(page, base_url, "/product", lang)
        assert page.locator('[data-testid="hot-goods"]').count() == 6
        open_app(page, base_url, f"/distribution?category={products[0].category_id}", lang)
        page.locator('[data-testid="center-product"]').first.wait_for()
        assert page.get_by_text(texts["distribution.added"], exact=True).count() == 6
        # The three price columns (retail, purchase, profit) stand apart in every language, short labels too.
        columns = page.locator('[data-testid="center-product"]').first.locator(".catalog-prices > div")
        boxes = [columns.nth(i).bounding_box() for i in range(3)]
        assert all(b["x"] + b["width"] + 4 <= a["x"] for b, a in itertools.pairwise(boxes)), (lang, boxes)
        assert boxes[2]["x"] + boxes[2]["width"] - boxes[0]["x"] >= 180, (lang, boxes)  # they share the row's width
