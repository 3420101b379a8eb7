from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt

from .exceptions import api_404
from .i18n import app_lang


def spa_shell(request: HttpRequest) -> HttpResponse:
    """The React app's HTML shell; the bundle does the rest."""
    return render(request, "index.html", {"lang": app_lang(translation.get_language())})


@csrf_exempt  # an unrouted POST is a missing path (404), not a forged form (403)
def api_not_found(request: HttpRequest, rest: str = "") -> JsonResponse:
    return api_404(request)


def health(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"status": "ok"})
