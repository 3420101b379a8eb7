from datetime import datetime

from django.contrib.sitemaps import Sitemap

from apps.shop.models import Shop

from .selectors import open_shops


class ShopSitemap(Sitemap):
    """Every open shop's page (a closed or pending one is not listed: it is not shown to buyers)."""

    changefreq = "daily"

    def items(self) -> list[Shop]:
        return list(open_shops().only("pk", "name", "updated_at"))

    def lastmod(self, shop: Shop) -> datetime:
        return shop.updated_at
