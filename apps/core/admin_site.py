"""The operators' admin site: password (with django-axes' lockout), then, when settings.ADMIN_REQUIRE_OTP, a TOTP code.
It also serves private files to the operators who may see them (`private_file`).

config/urls.py makes `admin.site` an OperatorAdminSite (django-otp's documented way), so every ModelAdmin registered
on it is covered. The setting is read on each request, so tests (and an operator's deployment) can switch it.
"""

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.admin import AdminSite
from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest
from django.template.response import TemplateResponse
from django.urls import URLPattern, URLResolver, path, reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_otp import devices_for_user
from django_otp.admin import OTPAdminAuthenticationForm, OTPAdminSite

from .heartbeat import pulses
from .models import Upload
from .queues import queue_stats
from .uploads import file_response, upload_visible_to_operator


class OperatorOTPLoginForm(OTPAdminAuthenticationForm):
    """Username, password and the code of the operator's authenticator app.

    An operator with one confirmed device does not have to choose it; with several, the form offers them after the
    password was accepted. An operator without any device cannot sign in until another operator enrols one.
    """

    otp_device = forms.CharField(label=_("Authenticator device"), required=False, widget=forms.Select)
    otp_token = forms.CharField(
        label=_("Authenticator code"),
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "inputmode": "numeric"}),
    )
    otp_error_messages = {
        **OTPAdminAuthenticationForm.otp_error_messages,
        "token_required": _("Enter the 6-digit code from your authenticator app."),
        "invalid_token": _("The code is wrong or has expired. Please try again."),
        "n_failed_attempts": _("Too many wrong codes. Please wait a moment and try again."),
        "verification_not_allowed": _("Too many wrong codes. Please wait a moment and try again."),
        "device_required": _("Choose the device that makes your code."),
    }

    def clean(self) -> dict[str, Any]:
        cleaned = AdminAuthenticationForm.clean(self)  # the password first (django-axes counts the failures)
        user = self.get_user()
        if user is not None and not cleaned.get("otp_device"):
            devices = list(devices_for_user(user, confirmed=True))
            if not devices:
                raise forms.ValidationError(
                    _("No authenticator is set up for this account. Ask another operator to enrol one."),
                    code="no_device",
                )
            if len(devices) == 1:
                cleaned["otp_device"] = devices[0].persistent_id
        self.cleaned_data = cleaned
        self.clean_otp(user)
        return cleaned


# The models operators look at to run the platform's machinery, not its business (sign-in records, second factors,
# sessions, the ledger's accounts and entries, status histories, background work):
# grouped last on the index and in the navigation, under "Technical". Only the administrator and auditor roles
# (apps.core.roles) may view them; the other roles hold none of their permissions, so never see the group.
TECHNICAL_MODELS = frozenset(
    {
        "axes.AccessAttempt",
        "axes.AccessFailureLog",
        "axes.AccessLog",
        "otp_static.StaticDevice",
        "otp_totp.TOTPDevice",
        "accounts.AuthToken",
        "accounts.ThirdPartyIdentity",
        "wallet.LedgerAccount",
        "wallet.JournalEntry",
        "core.StatusChange",
        "core.OutboxEntry",
    }
)


class OperatorAdminSite(OTPAdminSite):
    """django-otp's admin site when a second factor is required; Django's own otherwise. Its index shows the
    background work's heartbeats (apps.core.heartbeat) and warns when one is not recent."""

    index_template = "admin/operators_index.html"

    @property
    def login_form(self) -> type[AdminAuthenticationForm]:
        return OperatorOTPLoginForm if settings.ADMIN_REQUIRE_OTP else AdminAuthenticationForm

    @property
    def login_template(self) -> str | None:
        return "admin/otp_login.html" if settings.ADMIN_REQUIRE_OTP else None

    def has_permission(self, request: HttpRequest) -> bool:
        if settings.ADMIN_REQUIRE_OTP:
            return super().has_permission(request)  # and request.user.is_verified()
        return AdminSite.has_permission(self, request)

    def each_context(self, request: HttpRequest) -> dict[str, Any]:
        return {**super().each_context(request), "require_otp": settings.ADMIN_REQUIRE_OTP}

    def get_urls(self) -> list[URLPattern | URLResolver]:
        return [path("private-file/<int:pk>/", self.private_file, name="private_file"), *super().get_urls()]

    def private_file(self, request: HttpRequest, pk: int) -> FileResponse:
        """A private file (ID document, license, deposit voucher, support image) for an operator signed in to the
        admin (with the second factor when it is required) who may view a record that holds it: the merchant of an
        ID document, the deposit of a voucher, the message of a support image (uploads.operator_upload_url links
        here). Anyone else gets nothing: 404 without an operator's session, 403 without the permission."""
        upload = Upload.objects.filter(pk=pk, is_private=True).first()
        if upload is None or not self.has_permission(request):
            raise Http404
        if not upload_visible_to_operator(request.user, upload):
            raise PermissionDenied
        return file_response(upload)

    def get_app_list(self, request: HttpRequest, app_label: str | None = None) -> list[dict[str, Any]]:
        """Django's list of apps, with the technical models (TECHNICAL_MODELS) moved into a last "Technical" group
        (on the index and in the navigation; an app's own page keeps its models)."""
        app_list = super().get_app_list(request, app_label)
        if app_label is not None:
            return app_list
        business, technical = [], []
        for app in app_list:
            models = [m for m in app["models"] if m["model"]._meta.label not in TECHNICAL_MODELS]
            technical += [m for m in app["models"] if m["model"]._meta.label in TECHNICAL_MODELS]
            if models:
                business.append({**app, "models": models})
        if technical:
            technical.sort(key=lambda m: str(m["name"]).lower())
            business.append(
                {
                    "name": gettext("Technical"),
                    "app_label": "technical",
                    "app_url": f"{reverse('admin:index')}#technical",
                    "has_module_perms": True,
                    "models": technical,
                }
            )
        return business

    def index(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> TemplateResponse:
        heartbeats = pulses()
        context = {
            "queues": queue_stats(request.user),
            "heartbeats": heartbeats,
            "heartbeats_missing": any(pulse.state != "ok" for pulse in heartbeats),
            **(extra_context or {}),
        }
        return super().index(request, context)
