import logging
import posixpath
from typing import Any

from celery import current_app
from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import cache
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt
from django.views.static import serve

from .exceptions import api_404
from .heartbeat import pulses
from .i18n import app_lang
from .models import PRIVATE_MEDIA_FOLDER

log = logging.getLogger(__name__)

SERVICE_WORKER = "app/sw.js"


def spa_shell(request: HttpRequest, status: int = 200) -> HttpResponse:
    """The React app's HTML shell with the platform currency every amount is shown in; the bundle does the rest."""
    context = {"lang": app_lang(translation.get_language()), "currency": settings.PLATFORM_CURRENCY}
    return render(request, "index.html", context, status=status)


def web_manifest(request: HttpRequest) -> JsonResponse:
    """What a phone needs to put the app on its home screen: name, start page, colours and the icons (their
    content-hashed static addresses, which a static .webmanifest could not name)."""
    icons = [
        {"src": static(f"icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any maskable"}
        for size in (192, 512)
    ]
    manifest = {
        "id": "/home",
        "name": "Merchant",
        "short_name": "Merchant",
        "description": "Merchant back office: your shop, goods, orders and wallet.",
        "start_url": "/home",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f5f6f8",
        "theme_color": "#1264e3",
        "icons": icons,
    }
    return JsonResponse(manifest, content_type="application/manifest+json")


def service_worker(request: HttpRequest) -> HttpResponse:
    """The app's service worker (frontend/sw, built by webpack into the static files) at the site's root, so that it
    may control every page of the app; never cached without asking, so that a new build is found on the next visit."""
    path = finders.find(SERVICE_WORKER)
    try:
        with open(path, "rb") if path else staticfiles_storage.open(SERVICE_WORKER) as file:
            content = file.read()
    except FileNotFoundError:
        raise Http404("the front end is not built") from None
    response = HttpResponse(content, content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response


def spa_not_found(request: HttpRequest, rest: str = "") -> HttpResponse:
    """An address the app does not have: the shell with status 404, and the app says so in its own words."""
    return spa_shell(request, status=404)


@csrf_exempt  # an unrouted POST is a missing path (404), not a forged form (403)
def api_not_found(request: HttpRequest, rest: str = "") -> JsonResponse:
    return api_404(request)


def health(request: HttpRequest) -> JsonResponse:
    """Liveness: the process answers (nothing else is touched, so a database outage does not restart every web)."""
    return JsonResponse({"status": "ok"})


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def _broker() -> None:
    with current_app.connection_for_write() as broker:
        broker.ensure_connection(max_retries=1, interval_start=0, timeout=2)


def _cache() -> None:
    cache.get("readyz")


READINESS_CHECKS = {"database": _database, "broker": _broker, "cache": _cache}


def ready(request: HttpRequest) -> JsonResponse:
    """Readiness for load balancers: 200 when the database, the Celery broker and the cache answer, else 503 naming
    the one that failed (the reason goes to the log, not to the caller).

    The background work's heartbeats are shown beside them (when the database answers), not checked: a stale one
    does not take this web process out of the load balancer, which would stop the sales too (apps.core.heartbeat).
    """
    checks = {}
    for name, check in READINESS_CHECKS.items():
        try:
            check()
            checks[name] = "ok"
        except Exception:
            log.exception("readiness: the %s did not answer", name)
            checks[name] = "failed"
    answering = all(state == "ok" for state in checks.values())
    status: dict[str, Any] = {"status": "ok" if answering else "unavailable", "checks": checks}
    if checks["database"] == "ok":
        status["heartbeats"] = {pulse.name: {"at": pulse.at, "state": pulse.state} for pulse in pulses()}
    return JsonResponse(status, status=200 if answering else 503)


def public_media(request: HttpRequest, path: str) -> HttpResponseBase:
    """Media files for the embedded default (SERVE_MEDIA): public uploads only, never the private folder.

    The path is normalised the way `serve` does it, so `public/../private/...` is refused too.
    """
    first = posixpath.normpath(path).lstrip("/").split("/", 1)[0]
    if first.casefold() == PRIVATE_MEDIA_FOLDER:
        raise Http404(path)
    return serve(request, path, document_root=settings.MEDIA_ROOT)
