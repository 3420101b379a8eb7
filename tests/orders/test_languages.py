# ruff: noqa: RUF001 - texts in the seven languages
"""Issue 34, item 6: an order line is shown in the merchant's language (the product's translated title), with the
buyer's wording kept in the detail; search matches both; tracking steps are chosen from translated steps."""

import pytest
from django.utils import timezone, translation

from apps.orders import services
from apps.orders.constants import TrackingStep
from tests.answers import data
from tests.factories import DEFAULT_PAY_PASSWORD, ProductFactory, ShopGoodsFactory, fund, place_order

MUG = {"title_en": "Ceramic mug", "title_ru": "Керамическая кружка", "title_zh_hans": "陶瓷马克杯"}


@pytest.fixture
def chinese_order(merchant):
    """An order a buyer placed in Simplified Chinese: its line froze the title "陶瓷马克杯"."""
    goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(**MUG))
    with translation.override("zh-hans"):
        order = place_order(merchant, goods=goods)
    assert order.lines.get().title == "陶瓷马克杯"
    return order


@pytest.mark.parametrize(("lang", "title"), [("en", "Ceramic mug"), ("ru-RU", "Керамическая кружка")])
def test_the_list_and_the_detail_show_the_title_in_the_merchant_s_language(merchant_api, chinese_order, lang, title):
    merchant_api.lang = lang
    page = data(merchant_api.get("/merchant/order/list"))
    assert [item["title"] for item in page["list"]] == [title]
    detail = data(merchant_api.get("/merchant/order/detail", {"id": chinese_order.pk}))
    assert detail["title"] == title
    assert [(line["title"], line["ordered_title"]) for line in detail["lines"]] == [(title, "陶瓷马克杯")]


def test_a_line_whose_product_is_gone_keeps_the_buyer_s_wording(merchant_api, chinese_order):
    chinese_order.lines.update(product=None)
    page = data(merchant_api.get("/merchant/order/list"))
    assert page["list"][0]["title"] == "陶瓷马克杯"


@pytest.mark.parametrize("keyword", ["ceramic MUG", "陶瓷"])
def test_search_matches_the_merchant_s_language_and_the_buyer_s_wording(merchant, merchant_api, chinese_order, keyword):
    place_order(merchant)  # another product: not found
    page = data(merchant_api.get("/merchant/order/list", {"keyword": keyword}))
    assert [item["id"] for item in page["list"]] == [chinese_order.pk]
    assert page["list"][0]["title"] == "Ceramic mug"


def test_search_in_russian_finds_the_russian_title(merchant_api, chinese_order):
    merchant_api.lang = "ru-RU"
    page = data(merchant_api.get("/merchant/order/list", {"keyword": "кружка"}))
    assert [item["id"] for item in page["list"]] == [chinese_order.pk]


def test_a_tracking_step_is_shown_in_the_reader_s_language_with_its_note_as_written(
    merchant, merchant_api, chinese_order, operator
):
    fund(merchant, "50")
    services.order_pick(merchant=merchant, order_id=chinese_order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    services.order_ship(order_id=chinese_order.pk, carrier="DHL", tracking_number="JD1", operator=operator)
    services.tracking_event_add(
        order_id=chinese_order.pk, occurred_at=timezone.now(), step=TrackingStep.CUSTOMS, note="Shenzhen gate 4"
    )
    shown = {}
    for lang in ("en", "ru-RU", "tai"):
        merchant_api.lang = lang
        (event,) = data(merchant_api.get("/merchant/order/detail", {"id": chinese_order.pk}))["tracking_events"]
        assert (event["step"], event["note"]) == ("customs", "Shenzhen gate 4")
        shown[lang] = event["step_label"]
    assert shown == {"en": "In customs", "ru-RU": "На таможне", "tai": "อยู่ระหว่างศุลกากร"}


def test_the_admin_offers_the_steps_and_a_note(admin_client, merchant, chinese_order, operator):
    fund(merchant, "50")
    services.order_pick(merchant=merchant, order_id=chinese_order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    services.order_ship(order_id=chinese_order.pk, carrier="DHL", tracking_number="JD1", operator=operator)
    page = admin_client.get(f"/admin/orders/order/{chinese_order.pk}/tracking/").content.decode()
    assert '<select name="step"' in page and 'name="note"' in page and 'name="description"' not in page
    for step in TrackingStep:
        assert f'<option value="{step.value}">{step.label}</option>' in page


def test_the_migration_maps_known_free_text_steps_and_keeps_the_others_as_notes(merchant, chinese_order, operator):
    import importlib
    from types import SimpleNamespace

    from django.apps import apps
    from django.db import connection

    from apps.orders.models import TrackingEvent

    fund(merchant, "50")
    services.order_pick(merchant=merchant, order_id=chinese_order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    services.order_ship(order_id=chinese_order.pk, carrier="DHL", tracking_number="JD1", operator=operator)
    now = timezone.now()
    for text in ("Out for delivery", "На таможне.", "Left Shenzhen"):  # as operators wrote them before
        TrackingEvent.objects.create(order=chinese_order, occurred_at=now, step="update", description=text)
    migration = importlib.import_module("apps.orders.migrations.0009_tracking_step")
    with connection.cursor() as cursor:  # what the migration uses of its schema editor: the connection and execute
        editor = SimpleNamespace(connection=connection, execute=cursor.execute)
        migration.steps_from_texts(apps, editor)
    steps = TrackingEvent.objects.order_by("pk").values_list("step", "description")
    assert list(steps) == [("out_for_delivery", ""), ("customs", ""), ("update", "Left Shenzhen")]
