"""The operators' console keeps to the Content-Security-Policy: no inline style (issue 31, finding 10).

The policy's `style-src 'self'` makes browsers ignore every `style="..."` attribute and `<style>` element, so the
console's looks (picture sizes, the order's ledger amounts) come from its stylesheet, linked on every admin page.
"""

import re
from pathlib import Path

import pytest
from django.contrib import admin
from django.contrib.staticfiles import finders
from django.urls import reverse

pytestmark = pytest.mark.django_db

STYLESHEET = '<link rel="stylesheet" href="/static/core/admin.css">'
INLINE_STYLE = re.compile(r"<[^>]*\sstyle\s*=|<style[\s>]", re.IGNORECASE)


def _page(admin_client, url):
    response = admin_client.get(url)
    assert response.status_code == 200, url
    assert "style-src 'self'" in response["Content-Security-Policy"]
    assert "unsafe-inline" not in response["Content-Security-Policy"]
    return response.content.decode()


def _kept_to_the_policy(page, url):
    assert INLINE_STYLE.findall(page) == [], url
    assert STYLESHEET in page, url


def test_the_pages_that_showed_inline_styles_use_the_stylesheet(admin_client, console_objects):
    """The pages that had them: an ID document, a support image, a deposit voucher, product thumbnails (list and
    page) and an order's ledger, each sized or aligned by a class of core/admin.css."""
    o = console_objects
    pages = {
        reverse("admin:accounts_merchant_change", args=[o["pending"].pk]): 'class="picture-document"',
        reverse("admin:support_conversation_change", args=[o["conversation"].pk]): 'class="picture-message"',
        reverse("admin:wallet_deposit_change", args=[o["deposit"].pk]): 'class="picture-voucher"',
        reverse("admin:catalog_product_changelist"): 'class="picture-thumbnail"',
        reverse("admin:catalog_product_change", args=[o["product"].pk]): 'class="picture-thumbnail"',
        reverse("admin:orders_order_change", args=[o["shipped"].pk]): '<td class="amount">',
    }
    for url, shown in pages.items():
        page = _page(admin_client, url)
        _kept_to_the_policy(page, url)
        assert shown in page, url
    rules = Path(finders.find("core/admin.css")).read_text(encoding="utf-8")
    for rule in ("img.picture-document", "img.picture-message", "img.picture-voucher", "img.picture-thumbnail"):
        assert rule in rules
    assert "table.order-ledger td.amount" in rules


def test_no_admin_page_has_an_inline_style(admin_client, console_objects):
    """Every list, add form and page of every ModelAdmin on the site, the index, a decision page, the bulk steps and
    the sign-in page (Django's own templates included)."""
    o = console_objects
    urls = [reverse("admin:index")]
    for model, model_admin in admin.site._registry.items():
        info = f"admin:{model._meta.app_label}_{model._meta.model_name}"
        urls.append(reverse(f"{info}_changelist"))
        if model_admin.has_add_permission(admin_client.get(reverse("admin:index")).wsgi_request):
            urls.append(reverse(f"{info}_add"))
        pk = model._base_manager.order_by("pk").values_list("pk", flat=True).first()
        if pk is not None:
            urls.append(reverse(f"{info}_change", args=[pk]))
    urls += [
        reverse("admin:accounts_merchant_approve", args=[o["pending"].pk]),
        reverse("admin:accounts_merchant_reject", args=[o["pending"].pk]),
        reverse("admin:orders_order_ship", args=[o["awaiting"].pk]),
        reverse("admin:orders_order_tracking", args=[o["shipped"].pk]),
        reverse("admin:orders_order_ship_csv"),
        reverse("admin:catalog_product_import_csv"),
    ]
    for url in urls:
        _kept_to_the_policy(_page(admin_client, url), url)
    # The list actions' own pages (a reason to give, tracking numbers to type).
    for url, action, pk in (
        (reverse("admin:accounts_merchant_changelist"), "reject", o["pending"].pk),
        (reverse("admin:orders_order_changelist"), "ship_selected", o["awaiting"].pk),
    ):
        response = admin_client.post(url, {"action": action, "_selected_action": [pk]})
        assert response.status_code == 200
        _kept_to_the_policy(response.content.decode(), action)
    admin_client.logout()
    _kept_to_the_policy(_page(admin_client, reverse("admin:login")), "login")
