"""The operators' console for merchants: KYC review queue, decisions through services, invitation codes, sessions."""

from django import forms
from django.contrib import admin, messages
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from apps.core.admin import ReadOnlyAdmin, StatusChangeInline
from apps.core.errors import AppError
from apps.core.models import Upload
from apps.core.uploads import upload_url

from .constants import MerchantStatus
from .models import AuthToken, InvitationCode, Merchant, ThirdPartyIdentity
from .services import merchant_transition, session_revoke


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=255, widget=forms.Textarea(attrs={"rows": 3}))


def _image(upload: Upload | None) -> str:
    """The image through its link (signed and expiring for private documents)."""
    if upload is None:
        return "-"
    url = upload_url(upload)
    return format_html('<a href="{}" target="_blank"><img src="{}" style="max-height:160px"></a>', url, url)


@admin.register(Merchant)
class MerchantAdmin(admin.ModelAdmin):
    list_display = ["phone", "real_name", "email", "country", "status", "shop_name", "created_at"]
    list_filter = ["status", "created_at"]
    search_fields = ["phone", "email", "real_name", "invite_code", "shop__name"]
    ordering = ["-created_at"]
    list_select_related = ["shop"]
    actions = ["approve", "reject", "close", "reopen"]
    inlines = [StatusChangeInline]
    fields = [
        "phone",
        "email",
        "real_name",
        "country",
        "status",
        "status_reason",
        "language",
        "level",
        "invite_code",
        "invited_by",
        "invitation",
        "shop_logo",
        "id_front_image",
        "id_back_image",
        "id_hand_image",
        "license_image",
        "pay_password_locked_until",
        "created_at",
    ]
    # Status only changes through the actions (services); money-related and identity fields are read-only.
    readonly_fields = [
        "status",
        "status_reason",
        "language",
        "level",
        "invite_code",
        "invited_by",
        "invitation",
        "shop_logo",
        "id_front_image",
        "id_back_image",
        "id_hand_image",
        "license_image",
        "pay_password_locked_until",
        "created_at",
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Merchant]:
        return (
            super()
            .get_queryset(request)
            .select_related("shop", "shop__logo", "id_front", "id_back", "id_hand", "business_license")
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # merchants register themselves

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    @admin.display(description=_("store name"))
    def shop_name(self, merchant: Merchant) -> str:
        shop = getattr(merchant, "shop", None)
        return shop.name if shop else "-"

    @admin.display(description=_("Store logo"))
    def shop_logo(self, merchant: Merchant) -> str:
        shop = getattr(merchant, "shop", None)
        return _image(shop.logo if shop else None)

    @admin.display(description=_("ID card front"))
    def id_front_image(self, merchant: Merchant) -> str:
        return _image(merchant.id_front)

    @admin.display(description=_("ID card back"))
    def id_back_image(self, merchant: Merchant) -> str:
        return _image(merchant.id_back)

    @admin.display(description=_("Holding the ID card"))
    def id_hand_image(self, merchant: Merchant) -> str:
        return _image(merchant.id_hand)

    @admin.display(description=_("Business license"))
    def license_image(self, merchant: Merchant) -> str:
        return _image(merchant.business_license)

    def _decide(self, request: HttpRequest, queryset: QuerySet[Merchant], to: str, reason: str = "") -> None:
        done = 0
        for merchant in queryset.order_by("pk"):
            try:
                merchant_transition(merchant_id=merchant.pk, to=to, operator=request.user, reason=reason)
                done += 1
            except AppError as exc:
                self.message_user(request, f"{merchant}: {exc.message}", messages.ERROR)
        if done:
            self.message_user(
                request,
                ngettext("%(count)d merchant updated.", "%(count)d merchants updated.", done) % {"count": done},
                messages.SUCCESS,
            )

    def _with_reason(
        self, request: HttpRequest, queryset: QuerySet[Merchant], *, to: str, action: str, title: str, question: str
    ) -> HttpResponse | None:
        """Asks for the reason on an intermediate page, then decides."""
        form = ReasonForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            self._decide(request, queryset, to, form.cleaned_data["reason"])
            return None
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": title,
            "question": question,
            "merchants": list(queryset),
            "form": form,
            "action": action,
        }
        return TemplateResponse(request, "admin/accounts/merchant/transition_reason.html", context)

    @admin.action(description=_("Approve registration"))
    def approve(self, request: HttpRequest, queryset: QuerySet[Merchant]) -> None:
        self._decide(request, queryset, MerchantStatus.ACTIVE)

    @admin.action(description=_("Reject registration (with reason)"))
    def reject(self, request: HttpRequest, queryset: QuerySet[Merchant]) -> HttpResponse | None:
        return self._with_reason(
            request,
            queryset,
            to=MerchantStatus.REJECTED,
            action="reject",
            title=str(_("Reject registration")),
            question=str(_("Why are these registrations rejected? The merchants will see the reason.")),
        )

    @admin.action(description=_("Close shop (with reason)"))
    def close(self, request: HttpRequest, queryset: QuerySet[Merchant]) -> HttpResponse | None:
        return self._with_reason(
            request,
            queryset,
            to=MerchantStatus.CLOSED,
            action="close",
            title=str(_("Close shop")),
            question=str(_("Why are these shops closed? The merchants will see the reason.")),
        )

    @admin.action(description=_("Reopen shop (with reason)"))
    def reopen(self, request: HttpRequest, queryset: QuerySet[Merchant]) -> HttpResponse | None:
        return self._with_reason(
            request,
            queryset,
            to=MerchantStatus.ACTIVE,
            action="reopen",
            title=str(_("Reopen shop")),
            question=str(_("Why are these shops reopened?")),
        )


@admin.register(InvitationCode)
class InvitationCodeAdmin(admin.ModelAdmin):
    list_display = ["code", "is_active", "note", "merchant_count", "created_at"]
    list_filter = ["is_active"]
    search_fields = ["code", "note"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[InvitationCode]:
        return super().get_queryset(request).annotate(merchant_count=Count("merchants"))

    @admin.display(description=_("merchants"), ordering="merchant_count")
    def merchant_count(self, code: InvitationCode) -> int:
        return code.merchant_count  # type: ignore[attr-defined]


@admin.register(AuthToken)
class SessionAdmin(ReadOnlyAdmin):
    list_display = ["merchant", "created_at", "last_used_at", "expires_at", "revoked_at", "ip", "user_agent"]
    list_filter = [("revoked_at", admin.EmptyFieldListFilter), "created_at"]
    search_fields = ["merchant__phone", "merchant__email", "ip"]
    list_select_related = ["merchant"]
    actions = ["revoke"]

    @admin.action(description=_("Revoke the selected sessions"))
    def revoke(self, request: HttpRequest, queryset: QuerySet[AuthToken]) -> None:
        count = session_revoke(token_ids=list(queryset.values_list("pk", flat=True)))
        self.message_user(
            request, ngettext("%(count)d session revoked.", "%(count)d sessions revoked.", count) % {"count": count}
        )


@admin.register(ThirdPartyIdentity)
class ThirdPartyIdentityAdmin(ReadOnlyAdmin):
    list_display = ["partner", "uid", "merchant", "created_at"]
    search_fields = ["partner", "uid", "merchant__phone"]
    list_select_related = ["merchant"]
