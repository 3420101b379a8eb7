"""The operators' console for merchants: KYC review queue, decisions through services, invitation codes, sessions."""

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import Count, QuerySet
from django.db.models.fields import BLANK_CHOICE_DASH
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.html import escape
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from apps.core.admin import Decision, DecisionAdmin, ReadOnlyAdmin, admin_form, has_model_permission, linked_picture
from apps.core.errors import AppError
from apps.core.i18n import language_name
from apps.core.models import Upload
from apps.core.uploads import operator_upload_url

from .constants import MERCHANT_COUNTRIES, MerchantStatus
from .models import AuthToken, InvitationCode, Merchant, ThirdPartyIdentity
from .services import merchant_transition, session_revoke


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=255, widget=forms.Textarea(attrs={"rows": 3}))

    def in_languages(self, languages: list[str]) -> "ReasonForm":
        """Tells the operator, beside the reason, the language of the merchants it is written to (they see it as
        typed, never translated)."""
        names = sorted({language_name(language) for language in languages})
        if len(languages) == 1:
            text = gettext(
                "The merchant's language: %(language)s. Write the reason in it: the merchant sees it as typed."
            )
        elif len(names) == 1:
            text = gettext("These merchants' language: %(language)s. Write the reason in it: they see it as typed.")
        else:
            text = gettext(
                "These merchants use different languages (listed above) and see the reason as typed: decide them "
                "separately to write each reason in its merchant's language."
            )
        # Help texts are shown as HTML: the language, like any stored value, is escaped.
        self.fields["reason"].help_text = text % {"language": escape(names[0])} if len(names) == 1 else text
        return self


class MerchantForm(forms.ModelForm):
    """The country as a choice of "name (code)"; a country typed before the list existed is named beside it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        country = self.fields.get("country")
        if not isinstance(country, forms.ChoiceField):
            return
        country.choices = [*BLANK_CHOICE_DASH, *((code, f"{name} ({code})") for code, name in MERCHANT_COUNTRIES)]
        typed = str(self.instance.country) if self.instance.pk else ""
        if typed and typed not in MERCHANT_COUNTRIES:
            typed_help = gettext("Typed at registration: “%(text)s”. Choose the country from the list.")
            country.help_text = typed_help % {"text": escape(typed)}  # shown as HTML: the merchant's text escaped


def _image(upload: Upload | None) -> str:
    """The image through its link (for a private document, served only to operators who may view the merchant)."""
    return linked_picture(operator_upload_url(upload), "document")


@admin.register(Merchant)
class MerchantAdmin(DecisionAdmin):
    """Registrations are decided on the merchant's page (the moves its status allows) or in bulk from the list.

    Approving or rejecting a registration needs the permission "approve_merchant", closing or reopening a shop
    "close_merchant" (the model's Meta), on the page and in the list alike; "change_merchant" only edits the fields.
    """

    list_display = ["phone", "real_name", "email", "country_name", "status", "shop_name", "created_at"]
    list_filter = ["status", "created_at"]
    search_fields = ["phone", "email", "real_name", "invite_code", "shop__name"]
    ordering = ["-created_at"]
    list_select_related = ["shop"]
    actions = ["approve", "reject", "close", "reopen"]
    form = MerchantForm
    read_only = False
    decisions = {
        "approve": Decision(
            _("Approve registration"),
            forms.Form,
            MerchantStatus.ACTIVE,
            when=MerchantStatus.PENDING,
            permission="approve",
        ),
        "reject": Decision(_("Reject registration"), ReasonForm, MerchantStatus.REJECTED, permission="approve"),
        "close": Decision(_("Close shop"), ReasonForm, MerchantStatus.CLOSED, permission="close"),
        "reopen": Decision(
            _("Reopen shop"), ReasonForm, MerchantStatus.ACTIVE, when=MerchantStatus.CLOSED, permission="close"
        ),
    }
    shown_as = {"language": "language_name"}
    fields = [
        "phone",
        "email",
        "real_name",
        "country",
        "status",
        "status_reason",
        "decide",
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
    # Status only changes through the decisions (services); money-related and identity fields are read-only.
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

    def has_approve_permission(self, request: HttpRequest, obj: Merchant | None = None) -> bool:
        return has_model_permission(request, self.opts, "approve")

    def has_close_permission(self, request: HttpRequest, obj: Merchant | None = None) -> bool:
        return has_model_permission(request, self.opts, "close")

    @admin.display(description=_("country"), ordering="country")
    def country_name(self, merchant: Merchant) -> str:
        """The country's name and code; a country typed before the list existed, as typed."""
        code = str(merchant.country)
        name = MERCHANT_COUNTRIES.name(code)
        return f"{name} ({code})" if name else code or "-"

    @admin.display(description=_("language"))
    def language_name(self, merchant: Merchant) -> str:
        return language_name(merchant.language)

    @admin.display(description=_("shop name"))
    def shop_name(self, merchant: Merchant) -> str:
        shop = getattr(merchant, "shop", None)
        return shop.name if shop else "-"

    @admin.display(description=_("Shop logo"))
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

    # ---------- decisions: on the merchant's page (DecisionAdmin) and in bulk (the list's actions) ----------
    def decision_form(self, name: str, obj: Merchant, data: Any) -> forms.Form:
        form = super().decision_form(name, obj, data)
        return form.in_languages([obj.language]) if isinstance(form, ReasonForm) else form

    def decision_summary(self, obj: Merchant, decision: str) -> str:
        return f"{obj}: {obj.get_status_display()}"

    def run_decision(self, name: str, obj: Merchant, data: dict, operator: Any) -> None:
        merchant_transition(
            merchant_id=obj.pk, to=self.decisions[name].to, operator=operator, reason=data.get("reason", "")
        )

    def _decide(self, request: HttpRequest, queryset: QuerySet[Merchant], name: str, reason: str = "") -> None:
        done = 0
        for merchant in queryset.order_by("pk"):
            if name not in self.allowed_decisions(merchant):
                self.message_user(request, f"{merchant}: {self.decision_refused(name, merchant)}", messages.ERROR)
                continue
            try:
                self.run_decision(name, merchant, {"reason": reason}, request.user)
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
        self, request: HttpRequest, queryset: QuerySet[Merchant], name: str, question: str
    ) -> HttpResponse | None:
        """Asks for the reason on an intermediate page, then decides."""
        merchants = list(queryset.order_by("pk"))
        form = ReasonForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            self._decide(request, queryset, name, form.cleaned_data["reason"])
            return None
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": self.decisions[name].label,
            "question": question,
            "merchants": [(merchant, language_name(merchant.language)) for merchant in merchants],
            "adminform": admin_form(form.in_languages([merchant.language for merchant in merchants])),
            "action": name,
        }
        return TemplateResponse(request, "admin/accounts/merchant/transition_reason.html", context)

    @admin.action(description=_("Approve registration"), permissions=["approve"])
    def approve(self, request: HttpRequest, queryset: QuerySet[Merchant]) -> None:
        self._decide(request, queryset, "approve")

    @admin.action(description=_("Reject registration (with reason)"), permissions=["approve"])
    def reject(self, request: HttpRequest, queryset: QuerySet[Merchant]) -> HttpResponse | None:
        question = gettext("Why are these registrations rejected? The merchants will see the reason.")
        return self._with_reason(request, queryset, "reject", question)

    @admin.action(description=_("Close shop (with reason)"), permissions=["close"])
    def close(self, request: HttpRequest, queryset: QuerySet[Merchant]) -> HttpResponse | None:
        question = gettext("Why are these shops closed? The merchants will see the reason.")
        return self._with_reason(request, queryset, "close", question)

    @admin.action(description=_("Reopen shop (with reason)"), permissions=["close"])
    def reopen(self, request: HttpRequest, queryset: QuerySet[Merchant]) -> HttpResponse | None:
        return self._with_reason(request, queryset, "reopen", gettext("Why are these shops reopened?"))


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

    def has_revoke_permission(self, request: HttpRequest) -> bool:
        return has_model_permission(request, self.opts, "revoke")  # "revoke_authtoken" (the model's Meta)

    @admin.action(description=_("Revoke the selected sessions"), permissions=["revoke"])
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
