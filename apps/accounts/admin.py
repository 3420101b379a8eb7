"""The operators' console for merchants: KYC review queue, decisions through services, invitation codes, sessions."""

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import Count, Q, QuerySet
from django.db.models.fields import BLANK_CHOICE_DASH
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import escape, format_html, format_html_join
from django.utils.timesince import timesince
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from apps.core.admin import (
    Decision,
    DecisionAdmin,
    ReadOnlyAdmin,
    has_model_permission,
    linked_picture,
    reason_action,
    without_fields,
)
from apps.core.errors import AppError
from apps.core.i18n import language_name
from apps.core.models import Upload
from apps.core.queues import Queue, QueueAdmin, register
from apps.core.uploads import operator_upload_url

from .constants import MERCHANT_COUNTRIES, RECOVERY_OPEN, MerchantStatus, RecoveryStatus
from .models import AccountRecovery, AuthToken, InvitationCode, Merchant, ThirdPartyIdentity
from .services import (
    merchant_details_change,
    merchant_transition,
    recovery_approve,
    recovery_contacts,
    recovery_reject,
    recovery_request,
    session_revoke_by_operator,
)

# The merchant's fields an operator may correct in the admin (each change recorded with a reason and told to the
# merchant). Contact details and credentials are not among them: they change only through the merchant, or through
# an account recovery that a second operator approves (AccountRecoveryAdmin).
EDITABLE_FIELDS = ("real_name", "country")


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
    """The country as a choice of "name (code)"; a country typed before the list existed is named beside it. A change
    of the real name or the country needs a reason, which the merchant is told with it."""

    reason = forms.CharField(
        label=_("Reason for the change"),
        max_length=255,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_(
            "Required to change the real name or the country: the merchant is told the change and this reason."
        ),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or self.cleaned_data
        if any(name in EDITABLE_FIELDS for name in self.changed_data) and not cleaned.get("reason", "").strip():
            self.add_error("reason", gettext("Please give a reason."))
        return cleaned

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


def _empty(value: Any) -> bool:
    """Whether a row of a page would show nothing (Django's "-" included)."""
    return value is None or str(value).strip() in ("", "-")


def ago(moment: Any) -> str:
    """How long ago `moment` was, in words ("2 days ago"), with the date and time when pointed at."""
    if moment is None:
        return "-"
    when = date_format(timezone.localtime(moment), "DATETIME_FORMAT")
    return format_html(
        '<span title="{}">{}</span>', when, pgettext("accounts", "%(age)s ago") % {"age": timesince(moment, depth=1)}
    )


def merchant_cell(merchant: Merchant) -> str:
    """A merchant in a list's cell: the real name, the phone under it (one narrow column instead of two)."""
    return format_html('{}<br><span class="quiet">{}</span>', merchant.real_name, merchant.phone)


def bulk_decision_message(name: str, count: int) -> str:
    """The list action's message once `count` merchants were decided: what happened and who was told."""
    texts = {
        "approve": ngettext(
            "%(count)d registration approved; the merchant was notified.",
            "%(count)d registrations approved; each merchant was notified.",
            count,
        ),
        "reject": ngettext(
            "%(count)d registration rejected; the merchant was told the reason.",
            "%(count)d registrations rejected; each merchant was told the reason.",
            count,
        ),
        "close": ngettext(
            "%(count)d shop closed; the merchant was told the reason.",
            "%(count)d shops closed; each merchant was told the reason.",
            count,
        ),
        "reopen": ngettext(
            "%(count)d shop reopened; the merchant was told the reason.",
            "%(count)d shops reopened; each merchant was told the reason.",
            count,
        ),
    }
    return texts[name] % {"count": count}


def _missing() -> str:
    """In a document's place, that the merchant did not send it (a box the size of the others)."""
    return format_html('<span class="merchant-document-missing">{}</span>', pgettext("accounts", "Not sent"))


def _image(upload: Upload | None) -> str:
    """The image through its link (for a private document, served only to operators who may view the merchant)."""
    return linked_picture(operator_upload_url(upload), "document")


register(
    Queue("registrations", _("Registrations to review"), "accounts.Merchant",
          lambda now: Q(status=MerchantStatus.PENDING), "created_at", rank=10),
)  # fmt: skip


@admin.register(Merchant)
class MerchantAdmin(QueueAdmin, DecisionAdmin):
    """Registrations are decided on the merchant's page (the moves its status allows) or in bulk from the list.

    Approving or rejecting a registration needs the permission "approve_merchant", closing or reopening a shop
    "close_merchant" (the model's Meta), on the page and in the list alike; "change_merchant" only corrects the real
    name and the country, with a reason. Every decision and correction is an operator action, told to the merchant.
    The phone, the email and the passwords are never editable here (no field, no inline, no action sets them): a
    merchant who lost access gets an account recovery, which a second operator approves.
    """

    # Readable at 1280x800: who (name, phone below), the status, the shop, the country's code and how long ago.
    list_display = ["merchant_cell", "status", "shop_name", "country_code", "registered_ago"]
    list_display_links = ["merchant_cell"]
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
    # What the operator told the merchant, said once the decision is made (the page's and the list's).
    decision_messages = {
        "approve": _("Registration approved; the merchant was notified."),
        "reject": _("Registration rejected; the merchant was told the reason."),
        "close": _("Shop closed; the merchant was told the reason."),
        "reopen": _("Shop reopened; the merchant was told the reason."),
    }
    shown_as = {"language": "language_name"}
    # The evidence first (the documents, who registered, from where, invited by whom, when), then the decision, then
    # the rest of the account. A field without a value is left out (get_fieldsets).
    fieldsets = [
        (pgettext_lazy("accounts", "Documents"), {"fields": ["documents"]}),
        (
            pgettext_lazy("accounts", "Registration"),
            {
                "fields": [
                    "real_name",
                    "shop_name",
                    "shop_logo",
                    "phone",
                    "email",
                    "country",
                    "language_name",
                    "invited_by_link",
                    "invitation",
                    "registered",
                ]
            },
        ),
        (pgettext_lazy("accounts", "Decision"), {"fields": ["status", "status_reason", "decide"]}),
        (_("Account"), {"fields": ["recovery", "level", "invite_code", "pay_password_locked_until"]}),
        (_("Correct the real name or the country"), {"fields": ["reason"]}),
    ]
    # Status only changes through the decisions (services); contact details, money-related and identity fields are
    # read-only.
    readonly_fields = [
        "documents",
        "shop_name",
        "shop_logo",
        "phone",
        "email",
        "language",
        "invited_by_link",
        "invitation",
        "registered",
        "status",
        "status_reason",
        "recovery",
        "level",
        "invite_code",
        "pay_password_locked_until",
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

    def save_model(self, request: HttpRequest, obj: Merchant, form: forms.ModelForm, change: bool) -> None:
        """A correction of the real name or the country goes through the service, which records and tells it."""
        changes = {name: form.cleaned_data[name] for name in form.changed_data if name in EDITABLE_FIELDS}
        merchant_details_change(
            merchant_id=obj.pk, operator=request.user, changes=changes, reason=form.cleaned_data.get("reason", "")
        )

    @admin.display(description=_("account recovery"))
    def recovery(self, merchant: Merchant) -> str:
        """The merchant's recovery in progress (requesting one: the page's "Request account recovery" link)."""
        open_recovery = merchant.recoveries.filter(status__in=RECOVERY_OPEN).first()
        if open_recovery is None:
            return "-"
        url = reverse("admin:accounts_accountrecovery_change", args=[open_recovery.pk])
        return format_html('<a href="{}">{}</a>', url, open_recovery.get_status_display())

    def get_fieldsets(self, request: HttpRequest, obj: Merchant | None = None) -> Any:
        """Without the rows that have nothing to show (a licence not sent, no referrer, no decision left)."""
        fieldsets = super().get_fieldsets(request, obj)
        if obj is None:
            return fieldsets
        typed = {*EDITABLE_FIELDS, "reason"} if self.has_change_permission(request, obj) else set()
        names = {name for _title, options in fieldsets for name in options["fields"]}
        return without_fields(fieldsets, {name for name in names - typed if _empty(self._value(name, obj))})

    def _value(self, name: str, merchant: Merchant) -> Any:
        """What the page shows for `name`: the admin's display method, else the merchant's field (None: neither)."""
        method = getattr(self, name, None)
        if callable(method):
            return method(merchant)
        return getattr(merchant, name, None)

    # ---------- the list's columns ----------
    @admin.display(description=_("merchant"), ordering="real_name")
    def merchant_cell(self, merchant: Merchant) -> str:
        return merchant_cell(merchant)

    @admin.display(description=_("country"), ordering="country")
    def country_code(self, merchant: Merchant) -> str:
        """The country's code, named in full when pointed at (title); a country typed before the list, as typed."""
        code = str(merchant.country)
        name = MERCHANT_COUNTRIES.name(code)
        return format_html('<span title="{}">{}</span>', name, code) if name else code or "-"

    @admin.display(description=pgettext_lazy("accounts", "registered"), ordering="created_at")
    def registered_ago(self, merchant: Merchant) -> str:
        return ago(merchant.created_at)

    # ---------- the page's evidence ----------
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

    @admin.display(description=pgettext_lazy("accounts", "Identity documents"))
    def documents(self, merchant: Merchant) -> str:
        """The ID card's two sides, the merchant holding it and the business licence side by side, each a thumbnail
        that opens the image (a private file, served only to operators who may view the merchant); one not sent is
        said so. "-" when none was sent."""
        documents = [
            (_("ID card front"), merchant.id_front),
            (_("ID card back"), merchant.id_back),
            (_("Holding the ID card"), merchant.id_hand),
            (_("Business license"), merchant.business_license),
        ]
        if not any(upload for _label, upload in documents):
            return "-"
        figures = format_html_join(
            "",
            '<figure class="merchant-document">{}<figcaption>{}</figcaption></figure>',
            ((_image(upload) if upload else _missing(), label) for label, upload in documents),
        )
        return format_html('<div class="merchant-documents">{}</div>', figures)

    @admin.display(description=pgettext_lazy("accounts", "invited by"))
    def invited_by_link(self, merchant: Merchant) -> str:
        """The merchant whose invitation code was used (the referrer), linked to its page."""
        referrer = merchant.invited_by
        if referrer is None:
            return "-"
        url = reverse("admin:accounts_merchant_change", args=[referrer.pk])
        return format_html('<a href="{}">{}</a>', url, referrer)

    @admin.display(description=pgettext_lazy("accounts", "registered"))
    def registered(self, merchant: Merchant) -> str:
        """When the merchant registered, and how long ago (how long the registration has waited)."""
        when = date_format(timezone.localtime(merchant.created_at), "DATETIME_FORMAT")
        age = pgettext("accounts", "%(age)s ago") % {"age": timesince(merchant.created_at, depth=2)}
        return pgettext("accounts", "%(date)s (%(age)s)") % {"date": when, "age": age}

    # ---------- decisions: on the merchant's page (DecisionAdmin) and in bulk (the list's actions) ----------
    def decision_form(self, name: str, obj: Merchant, data: Any) -> forms.Form:
        form = super().decision_form(name, obj, data)
        return form.in_languages([obj.language]) if isinstance(form, ReasonForm) else form

    def decision_summary(self, obj: Merchant, decision: str) -> str:
        return f"{obj}: {obj.get_status_display()}"

    def decision_done(self, name: str, obj: Merchant, data: dict) -> str:
        return str(self.decision_messages[name])

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
            self.message_user(request, bulk_decision_message(name, done), messages.SUCCESS)

    def _with_reason(
        self, request: HttpRequest, queryset: QuerySet[Merchant], name: str, question: str
    ) -> HttpResponse | None:
        """Asks for the reason on an intermediate page, then decides."""
        merchants = list(queryset.order_by("pk"))
        form = ReasonForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            self._decide(request, queryset, name, form.cleaned_data["reason"])
            return None
        return reason_action(
            self,
            request,
            action=name,
            title=self.decisions[name].label,
            question=question,
            form=form.in_languages([merchant.language for merchant in merchants]),
            columns={
                _("merchant"): str,
                _("status"): Merchant.get_status_display,
                _("language"): lambda merchant: language_name(merchant.language),
            },
            objects=merchants,
        )

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
        return code.merchant_count  # type: ignore[attr-defined]  # annotated by get_queryset


@admin.register(AuthToken)
class SessionAdmin(ReadOnlyAdmin):
    # Readable at 1280x800: whose, in which state, when last used and until when, from where.
    list_display = ["merchant_cell", "state", "last_used_at", "expires_at", "ip"]
    list_filter = [("revoked_at", admin.EmptyFieldListFilter), "created_at"]
    search_fields = ["merchant__phone", "merchant__email", "ip"]
    list_select_related = ["merchant"]
    actions = ["revoke"]

    @admin.display(description=_("merchant"), ordering="merchant__real_name")
    def merchant_cell(self, token: AuthToken) -> str:
        return merchant_cell(token.merchant)

    @admin.display(description=_("state"))
    def state(self, token: AuthToken) -> str:
        """Revoked (and when), expired, or open."""
        if token.revoked_at is not None:
            return pgettext("accounts", "Revoked %(when)s") % {"when": ago(token.revoked_at)}
        if token.expires_at <= timezone.now():
            return pgettext("accounts", "Expired")
        return pgettext("accounts", "Open")

    def has_revoke_permission(self, request: HttpRequest) -> bool:
        return has_model_permission(request, self.opts, "revoke")  # "revoke_authtoken" (the model's Meta)

    @admin.action(description=_("Revoke the selected sessions (with reason)"), permissions=["revoke"])
    def revoke(self, request: HttpRequest, queryset: QuerySet[AuthToken]) -> HttpResponse | None:
        """Asks for the reason on an intermediate page, then ends the sessions: each merchant is told once, with it."""
        tokens = list(queryset.select_related("merchant").order_by("pk"))
        form = ReasonForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            count = session_revoke_by_operator(
                token_ids=[token.pk for token in tokens], operator=request.user, reason=form.cleaned_data["reason"]
            )
            self.message_user(
                request,
                ngettext(
                    "%(count)d session revoked; its merchant was told the reason.",
                    "%(count)d sessions revoked; each merchant was told the reason, once.",
                    count,
                )
                % {"count": count},
                messages.SUCCESS,
            )
            return None
        return reason_action(
            self,
            request,
            action="revoke",
            title=gettext("Revoke the selected sessions"),
            question=gettext("Why are these sessions ended? Each merchant is told, with the reason."),
            form=form.in_languages([token.merchant.language for token in tokens] or ["en"]),
            columns={
                _("merchant"): lambda token: token.merchant,
                _("language"): lambda token: language_name(token.merchant.language),
                _("last used"): lambda token: token.last_used_at,
            },
            objects=tokens,
        )


@admin.register(ThirdPartyIdentity)
class ThirdPartyIdentityAdmin(ReadOnlyAdmin):
    list_display = ["partner", "uid", "merchant", "created_at"]
    search_fields = ["partner", "uid", "merchant__phone"]
    list_select_related = ["merchant"]


class RecoveryRequestForm(forms.ModelForm):
    """An operator's request: the merchant, the new email and/or phone, and why (the merchant is told it)."""

    class Meta:
        model = AccountRecovery
        fields = ["merchant", "new_email", "new_phone", "reason"]
        widgets = {"reason": forms.Textarea(attrs={"rows": 3})}

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or self.cleaned_data
        merchant = cleaned.get("merchant")
        if merchant is None:
            return cleaned
        if merchant.recoveries.filter(status__in=RECOVERY_OPEN).exists():
            raise forms.ValidationError(gettext("This merchant already has an account recovery in progress."))
        try:
            recovery_contacts(
                merchant=merchant, new_email=cleaned.get("new_email", ""), new_phone=cleaned.get("new_phone", "")
            )
        except AppError as exc:
            for field, errors in exc.data.get("errors", {"new_email": [str(exc.message)]}).items():
                for error in errors:
                    self.add_error(field if field in self.fields else None, error)
        return cleaned


@admin.register(AccountRecovery)
class AccountRecoveryAdmin(DecisionAdmin):
    """Account recovery for a merchant who lost access to their email or phone (product.md section 2.9).

    An operator with "request_accountrecovery" requests it (Add: the merchant, the new contact details, a reason); a
    different operator with "approve_accountrecovery" approves or rejects it on its page. It applies
    ACCOUNT_RECOVERY_DELAY_HOURS after the approval (the beat's task), unless the merchant cancels it in the app;
    the merchant is told at each step, in the app and at the old contact. Nothing here is edited in place.
    """

    # Readable at 1280x800: whose, the new details, the status, who asked and how long ago.
    list_display = ["merchant_cell", "new_contact", "status", "requested_by", "requested_ago"]
    list_filter = ["status", "created_at"]
    search_fields = ["merchant__phone", "merchant__email", "new_email", "new_phone"]
    list_select_related = ["merchant", "requested_by", "approved_by"]
    raw_id_fields = ["merchant"]
    form = RecoveryRequestForm
    add_fields = ["merchant", "new_email", "new_phone", "reason"]
    decisions = {
        "approve": Decision(_("Approve account recovery"), forms.Form, RecoveryStatus.APPROVED, permission="approve"),
        "reject": Decision(_("Reject account recovery"), ReasonForm, RecoveryStatus.REJECTED, permission="approve"),
    }

    def has_add_permission(self, request: HttpRequest) -> bool:
        return bool(request.user.has_perm("accounts.request_accountrecovery"))

    def has_approve_permission(self, request: HttpRequest, obj: AccountRecovery | None = None) -> bool:
        return bool(request.user.has_perm("accounts.approve_accountrecovery"))

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list:
        return list(self.add_fields) if obj is None else super().get_fields(request, obj)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [] if obj is None else super().get_readonly_fields(request, obj)

    def get_inlines(self, request: HttpRequest, obj: Any) -> list:
        return [] if obj is None else list(super().get_inlines(request, obj))  # no status history before there is one

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        return {key: value for key, value in super().get_changeform_initial_data(request).items() if key == "merchant"}

    @admin.display(description=_("new contact details"))
    def new_contact(self, recovery: AccountRecovery) -> str:
        return recovery.new_contact

    @admin.display(description=_("merchant"), ordering="merchant__real_name")
    def merchant_cell(self, recovery: AccountRecovery) -> str:
        return merchant_cell(recovery.merchant)

    @admin.display(description=pgettext_lazy("accounts", "requested"), ordering="created_at")
    def requested_ago(self, recovery: AccountRecovery) -> str:
        return ago(recovery.created_at)

    def response_add(self, request: HttpRequest, obj: AccountRecovery, post_url_continue: str | None = None) -> Any:
        """Requested: says so, and who was told, on the request's page (where a second operator decides it)."""
        self.message_user(
            request,
            gettext(
                "Account recovery requested; the merchant was told in the app and at their current email and phone. "
                "A second operator must approve it."
            ),
            messages.SUCCESS,
        )
        return redirect(reverse("admin:accounts_accountrecovery_change", args=[obj.pk]))

    def decision_done(self, name: str, obj: AccountRecovery, data: dict) -> str:
        if name == "approve":
            return gettext(
                "Account recovery approved; the merchant was told, in the app and at their current email and phone, "
                "when it takes effect and that they can cancel it until then."
            )
        return gettext(
            "Account recovery rejected; the merchant was told the reason, in the app and at their current email and "
            "phone."
        )

    def save_model(self, request: HttpRequest, obj: AccountRecovery, form: forms.ModelForm, change: bool) -> None:
        """Adding is requesting, through the service (which records it and tells the merchant)."""
        created = recovery_request(
            merchant_id=obj.merchant_id,
            new_email=obj.new_email,
            new_phone=obj.new_phone,
            reason=obj.reason,
            operator=request.user,
        )
        obj.pk, obj.status, obj.created_at = created.pk, created.status, created.created_at

    def changeform_view(
        self, request: HttpRequest, object_id: str | None = None, form_url: str = "", extra_context: Any = None
    ) -> HttpResponse:
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except AppError as exc:  # a request made by another operator at the same moment
            messages.error(request, str(exc.message))
            return redirect(reverse("admin:accounts_accountrecovery_changelist"))

    def decision_summary(self, obj: AccountRecovery, decision: str) -> str:
        summary = gettext(
            "%(merchant)s: new contact details %(contact)s, requested by %(operator)s. Reason: %(reason)s"
        )
        return summary % {
            "merchant": obj.merchant,
            "contact": obj.new_contact,
            "operator": obj.requested_by,
            "reason": obj.reason,
        }

    def decision_form(self, name: str, obj: AccountRecovery, data: Any) -> forms.Form:
        form = super().decision_form(name, obj, data)
        return form.in_languages([obj.merchant.language]) if isinstance(form, ReasonForm) else form

    def run_decision(self, name: str, obj: AccountRecovery, data: dict, operator: Any) -> None:
        if name == "approve":
            recovery_approve(recovery_id=obj.pk, approver=operator)
        else:
            recovery_reject(recovery_id=obj.pk, operator=operator, reason=data["reason"])
