import re
from importlib import import_module

from django.conf import settings
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path, re_path
from drf_spectacular.views import SpectacularAPIView

from apps.accounts.views import not_me_page
from apps.core.admin_site import OperatorAdminSite
from apps.core.routes import SPA_ROUTES
from apps.core.views import (
    api_not_found,
    health,
    public_media,
    ready,
    service_worker,
    spa_not_found,
    spa_shell,
    web_manifest,
)

# The merchant API: every app owns its paths below /merchant/ (spec section 7), joined here into one list. An
# include per app made every request that missed an app's paths raise and catch Django's Resolver404 with the list
# of the paths it tried, level by level: resolving the orders' paths cost more than running their view's SQL.
API_APPS = ("core", "accounts", "shop", "levels", "catalog", "orders", "wallet", "alliance", "support")
api_patterns: list[URLPattern | URLResolver] = [
    *(pattern for app in API_APPS for pattern in import_module(f"apps.{app}.urls").urlpatterns),
    re_path(r"^(?P<rest>.*)$", api_not_found),
]

# The admin's sign-in takes a TOTP code when settings.ADMIN_REQUIRE_OTP (django-otp: swap the default site's class).
admin.site.__class__ = OperatorAdminSite

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("healthz", health),  # liveness
    path("readyz", ready),  # readiness: database, broker, cache
    path("manifest.webmanifest", web_manifest),
    path("sw.js", service_worker),
    path("merchant/", include(api_patterns)),
    path("intake/v1/", include("apps.orders.intake_urls")),  # the storefront's signed order intake
    path("security/not-me/<str:token>", not_me_page, name="not-me"),  # a security notice's "This wasn't me" link
    path("", include("apps.storefront.urls")),  # the buyers' storefront: /s/<shop>/, sitemap.xml, robots.txt
    path("", spa_shell, name="spa-root"),
    *[path(route, spa_shell) for route in SPA_ROUTES],
]
if settings.SERVE_MEDIA:
    # Public uploads only (under DEBUG or not); private files go through the signed, expiring `common/file/` link.
    urlpatterns.append(re_path(rf"^{re.escape(settings.MEDIA_URL.lstrip('/'))}(?P<path>.*)$", public_media))

# Any other address is one the merchant app does not have (not an API, admin or file path): its own not-found screen.
urlpatterns.append(
    re_path(r"^(?!admin/|merchant/|api/|static/|media/|s/|o/|pay/|account/)(?P<rest>.+)$", spa_not_found)
)

handler404 = "apps.core.exceptions.api_404"
handler500 = "apps.core.exceptions.api_500"
