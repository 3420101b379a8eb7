"""The page behind a security notice's "This wasn't me" link (services.security): server-rendered, in the merchant's
language. GET shows what happened and a button, and changes nothing (a mail scanner opening the link locks nothing);
POST acts: money movements locked, every session signed out, the merchant told."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.http import require_http_methods

from apps.core.errors import AppError
from apps.core.i18n import django_lang

from . import services
from .services.devices import merchant_time
from .services.security import not_me_notice_text


@require_http_methods(["GET", "HEAD", "POST"])
def not_me_page(request: HttpRequest, token: str) -> HttpResponse:
    notice = services.not_me_token_read(token)
    if notice is None:
        context = {"invalid": True, "lang": translation.get_language()}  # in the browser's language
        return render(request, "accounts/not_me.html", context, status=404)
    with translation.override(django_lang(notice.merchant.language)):
        error = ""
        done = None
        if request.method == "POST" and notice.disowned_at is None:
            try:
                done = services.not_me_report(merchant_id=notice.merchant_id, notice_id=notice.pk, via="mail")
            except AppError as exc:
                error = str(exc.message)
        title, body = not_me_notice_text(notice)
        context = {
            "title": title,
            "body": body,
            "when": merchant_time(notice.merchant, notice.created_at),
            "done": done,
            "answered": done is None and notice.disowned_at is not None,
            "error": error,
            "lang": translation.get_language(),
        }
        return render(request, "accounts/not_me.html", context)
