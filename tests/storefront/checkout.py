"""A buyer's steps through the storefront's cart, checkout and the development provider's payment page, as a
browser takes them (forms with their CSRF token, redirects followed by hand)."""

import re

from django.test import Client

from apps.storefront.models import BuyerOrder

SHIPPING = {
    "name": "Ann Buyer",
    "phone": "+81 90 1234 5678",
    "address": "1-2-3 Shibuya, Tokyo",
    "country": "JP",
    "email": "ann@example.com",
    "website": "",
}


def csrf(client: Client, url: str) -> str:
    """The CSRF token of the form on the page at `url` (the page sets the cookie it pairs with); on a public page
    (a shop's, a product's) the one its script puts in the forms, from the session request."""
    page = client.get(url)
    assert page.status_code == 200, page.status_code
    html = page.content.decode()
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    if found:
        return found[1]
    session = client.get(re.search(r'data-session="([^"]+)"', html)[1].replace("&amp;", "&"))
    return session.json()["csrf"]


def checkout_fields(client: Client, goods) -> dict[str, str]:
    """The hidden fields of the checkout form on the cart page of `goods`' shop: its CSRF token and its key."""
    page = client.get(cart_url(goods)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
    key = re.search(r'name="key" value="([^"]+)"', page)
    return {"csrfmiddlewaretoken": token, "key": key[1] if key else ""}


def shop_url(merchant) -> str:
    return merchant.shop.get_absolute_url()


def goods_url(goods) -> str:
    return f"{shop_url(goods.merchant)}g/{goods.pk}/"


def cart_url(goods) -> str:
    return f"{goods.merchant.shop.get_absolute_url()}cart/"


def add_to_cart(client: Client, goods, quantity: int = 1):
    page = f"{goods.merchant.shop.get_absolute_url()}g/{goods.pk}/"
    token = csrf(client, page)
    return client.post(
        f"{goods.merchant.shop.get_absolute_url()}cart/add",
        {"csrfmiddlewaretoken": token, "goods": goods.pk, "quantity": quantity},
    )


def check_out(client: Client, goods, lang: str = "en", **fields):
    """Posts the checkout form of the cart of `goods`' shop, in `lang`; the answer (a redirect to the payment page on
    success)."""
    token = csrf(client, cart_url(goods))
    return client.post(
        f"{goods.merchant.shop.get_absolute_url()}checkout?lang={lang}",
        {"csrfmiddlewaretoken": token, **SHIPPING, **fields},
    )


def buy(client: Client, goods, quantity: int = 1, action: str = "pay", **fields) -> BuyerOrder:
    """Adds `goods` to the cart, checks out (with SHIPPING, changed by `fields`) and ends the test payment with
    `action` ("pay" or "fail")."""
    add_to_cart(client, goods, quantity)
    answer = check_out(client, goods, **fields)
    assert answer.status_code == 303, answer.status_code
    payment_page = answer["Location"]
    token = csrf(client, payment_page)
    done = client.post(payment_page, {"csrfmiddlewaretoken": token, "action": action})
    assert done.status_code == 303
    return BuyerOrder.objects.select_related("order").latest("pk")


def page_of(buyer_order) -> str:
    return f"/o/{buyer_order.token}/"


def step(buyer, buyer_order, action: str, **fields) -> str:
    """Posts one of the order page's forms; the page the buyer lands on after it."""
    page = page_of(buyer_order)
    token = csrf(buyer, buyer_order.order.merchant.shop.get_absolute_url())
    answer = buyer.post(f"{page}{action}", {"csrfmiddlewaretoken": token, **fields})
    assert answer.status_code == 303
    return buyer.get(page, {"lang": "en"}).content.decode()
