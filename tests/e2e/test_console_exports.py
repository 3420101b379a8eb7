"""The console's list exports in a browser (issue 37): the orders list shows "Export CSV" and "Export Excel" beside
its other buttons, in English and in Russian; each downloads the list's file (screenshots under
tests/e2e/artifacts/console/)."""

import io
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from playwright.sync_api import Browser

from tests.core.conftest import console_world

from .test_console import CONSOLE, OPERATOR, SHOTS

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("locale", "csv_label", "xlsx_label", "header"),
    [("en-US", "Export CSV", "Export Excel", "order number"), ("ru-RU", "Экспорт в CSV", "Экспорт в Excel", "номер")],
)
def test_the_orders_list_exports_as_csv_and_excel(
    browser: Browser, base_url: str, operator: Any, locale: str, csv_label: str, xlsx_label: str, header: str
) -> None:
    console_world(operator)
    context = browser.new_context(viewport=CONSOLE, locale=locale, accept_downloads=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(f"{base_url}/admin/login/")
    page.fill("#id_username", OPERATOR[0])
    page.fill("#id_password", OPERATOR[1])
    page.locator("input[type=submit]").click()
    page.wait_for_url(f"{base_url}/admin/")
    page.goto(f"{base_url}/admin/orders/order/")  # the orders to ship
    page.wait_for_load_state("load")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"orders-exports-{locale[:2]}.png"))

    with page.expect_download() as csv_download:
        page.get_by_role("link", name=csv_label).click()
    body = Path(csv_download.value.path()).read_bytes()
    assert body.startswith(b"\xef\xbb\xbf" + header.encode())
    assert csv_download.value.suggested_filename.endswith(".csv")

    with page.expect_download() as xlsx_download:
        page.get_by_role("link", name=xlsx_label).click()
    sheet = load_workbook(io.BytesIO(Path(xlsx_download.value.path()).read_bytes())).active
    assert str(sheet["A1"].value).startswith(header)
    assert sheet.max_row >= 2  # the list's orders
    context.close()
