"""The storefront's addresses (apps.storefront.views), mounted at the site's root by config/urls.py."""

from django.contrib.sitemaps.views import sitemap
from django.urls import path, re_path

from . import views
from .sitemaps import ShopSitemap

SLUG = r"(?P<slug>[-\w]{1,80})"

urlpatterns = [
    re_path(rf"^s/{SLUG}/$", views.shop_page, name="storefront-shop"),
    re_path(rf"^s/{SLUG}/g/(?P<goods_id>\d{{1,18}})/$", views.goods_page, name="storefront-goods"),
    re_path(rf"^s/{SLUG}/visit$", views.visit, name="storefront-visit"),
    path("sitemap.xml", sitemap, {"sitemaps": {"shops": ShopSitemap}}, name="storefront-sitemap"),
    path("robots.txt", views.robots),
    # Any other storefront address ending in "/" (CommonMiddleware adds the slash to one without) is not found.
    re_path(r"^s/.*/$", views.not_found),
]
