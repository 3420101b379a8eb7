"""Exports in the browser: Funds records' Export opens the sheet, CSV downloads the records with the header in the
screen's language (English and Russian, with Russian spreadsheets' separator)."""

import csv
import io

import pytest

from tests.factories import fund

from .conftest import catalogue, open_app, shot, sign_in, tap

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("lang", "separator", "header"), [("en", ",", "Balance after"), ("ru-RU", ";", "Баланс после")]
)
def test_funds_records_export_downloads_the_csv_in_the_screen_s_language(
    page, base_url, merchant, lang, separator, header
):
    fund(merchant, "150.00")
    texts = catalogue(lang)
    sign_in(page, base_url, merchant, lang)
    open_app(page, base_url, "/fundsRecords")
    page.get_by_test_id("bill-line").first.wait_for()
    tap(page.get_by_test_id("export-button"))
    sheet = page.get_by_test_id("export-sheet")
    sheet.get_by_text(texts["export.title"]).wait_for()
    page.wait_for_timeout(400)  # the popup's slide-in
    shot(page, "exports-sheet", full_page=False)
    tap(page.get_by_test_id("export-from"))  # the date picker opens at the first of the month; confirmed as it is
    confirm = page.locator(".adm-picker-header-button", has_text=texts["export.confirm"])
    tap(confirm)
    confirm.wait_for(state="hidden")
    tap(sheet.get_by_text(texts["export.csv"], exact=True))
    with page.expect_download() as downloading:
        tap(page.get_by_test_id("export-download"))
    download = downloading.value
    assert download.suggested_filename.startswith("funds-") and download.suggested_filename.endswith(".csv")
    text = download.path().read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=separator))
    assert rows[0][-1] == header
    assert rows[1][-1] == ("150.00" if lang == "en" else "150,00")


def test_orders_and_finance_have_the_export_action(page, base_url, merchant):
    texts = catalogue("ru-RU")
    sign_in(page, base_url, merchant, "ru-RU")
    for path, name in (("/order", "exports-order"), ("/finance", "exports-finance")):
        open_app(page, base_url, path)
        tap(page.get_by_test_id("export-button"))
        page.get_by_test_id("export-sheet").get_by_text(texts["export.title"]).wait_for()
        page.wait_for_timeout(400)  # the popup's slide-in
        shot(page, name, full_page=False)
