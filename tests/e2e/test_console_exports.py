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

from .test_console import CONSOLE, SHOTS, console_sign_in

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
    page = console_sign_in(context, base_url)
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
