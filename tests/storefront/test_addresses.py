"""Every storefront address, posted with its final slash or without it, under DEBUG or not: routed, or not found; never
a server error (Django's APPEND_SLASH raises under DEBUG for a POST it would redirect) and never a redirect that would
lose the form."""

import pytest
from django.test import Client, override_settings
from django.urls import URLPattern, reverse

from apps.storefront import urls

pytestmark = pytest.mark.django_db

# A value for each named part of the storefront's addresses (a new one fails here until it has one).
SAMPLES = {
    "goods_id": "1",
    "token": "t" * 43,
    "step": "rate",
    "uidb64": "MQ",
    "provider": "dev",
    "session_id": f"dev_{'s' * 22}",
}


def addresses(slug: str) -> list[str]:
    """One address of each storefront route."""
    found = []
    for pattern in urls.urlpatterns:
        assert isinstance(pattern, URLPattern)
        if pattern.name:
            names = pattern.pattern.regex.groupindex
            found.append(
                reverse(pattern.name, kwargs={name: slug if name == "slug" else SAMPLES[name] for name in names})
            )
        elif pattern.pattern.regex.match("robots.txt"):
            found.append("/robots.txt")
        else:  # the catch-all of the storefront's prefixes
            assert pattern.pattern.regex.fullmatch("s/x/y/")
            found.append("/s/x/y/")
    return found


@pytest.mark.parametrize("debug", [False, True])
def test_a_post_with_or_without_the_final_slash_is_routed_or_not_found(merchant, debug):
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    with override_settings(DEBUG=debug):
        for address in addresses(merchant.shop.slug):
            assert browser.post(address).status_code < 500, address
            other = address.rstrip("/") if address.endswith("/") else f"{address}/"
            assert browser.post(other).status_code in (404, 405), other
            # A page's address without its slash still moves to it ("/account" is the merchant app's, not found).
            if address.endswith("/"):
                assert browser.get(other).status_code == (404 if other == "/account" else 301), other
