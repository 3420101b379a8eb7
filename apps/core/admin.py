from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar

from axes.admin import AccessAttemptAdmin
from axes.handlers.proxy import AxesProxyHandler
from axes.models import AccessAttempt
from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import AdminForm
from django.contrib.auth import get_permission_codename
from django.contrib.contenttypes.admin import GenericTabularInline
from django.core.exceptions import PermissionDenied
from django.db.models import Model, Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.text import Truncator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_otp.plugins.otp_static.admin import StaticDeviceAdmin
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.admin import TOTPDeviceAdmin
from django_otp.plugins.otp_totp.models import TOTPDevice

from . import terms
from .errors import AppError
from .models import OutboxEntry, StatusChange
from .queues import Queue, QueueAdmin, register

admin.site.site_header = _("Marketplace operations")
admin.site.site_title = _("Marketplace operations")
admin.site.index_title = _("Operations console")


def has_model_permission(request: HttpRequest, opts: Any, action: str) -> bool:
    """Whether the operator holds the model's permission `<action>_<model>` (Django's own or one of its Meta's), as
    Django's has_change_permission asks for `change_<model>`; the `has_<action>_permission` methods that admin actions
    (`@admin.action(permissions=[action])`) and decision pages check are made of it."""
    return request.user.has_perm(f"{opts.app_label}.{get_permission_codename(action, opts)}")


def without_fields(fieldsets: Any, names: set[str]) -> list:
    """The fieldsets without the fields `names` (and without a fieldset left empty)."""
    kept = [
        (title, {**options, "fields": [f for f in options["fields"] if f not in names]}) for title, options in fieldsets
    ]
    return [(title, options) for title, options in kept if options["fields"]]


def linked_picture(url: str | None, size: str) -> str:
    """A picture that opens itself, sized by the admin's stylesheet (core/admin.css: `picture-<size>`; the
    Content-Security-Policy refuses inline styles); "-" without one."""
    if not url:
        return "-"
    return format_html('<a href="{0}" target="_blank"><img src="{0}" alt="" class="picture-{1}"></a>', url, size)


class CreatedColumn:
    """A list's "created at" column in the short date format, so that a queue's list fits at 1280x800."""

    @admin.display(description=_("created at"), ordering="created_at")
    def created(self, obj: Any) -> str:
        return date_format(timezone.localtime(obj.created_at), "SHORT_DATETIME_FORMAT")


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class TermsAdmin(admin.ModelAdmin):
    """Published terms (apps.core.terms): versions are added, never changed or deleted. The add page starts from the
    version named by `?copy=<id>` (the "new version" link on each version's page) and from the earliest start the
    notice period allows, rounded up to the hour; saving announces the version to every merchant (terms_version_add).
    Lists show each version's state in their one query."""

    list_filter = ["effective_from"]
    readonly_fields: ClassVar[tuple[str, ...]] = ("state", "announced_at", "announced_by", "new_version")
    # What the copy of a version does not take: when the new one starts and why it is made.
    not_copied = frozenset({"effective_from", "change_note"})

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).with_in_force()  # type: ignore[attr-defined]  # a TermsQuerySet

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        if obj is None:
            return ()
        hidden = set() if self.has_add_permission(request) else {"new_version"}
        return tuple(name for name in self.readonly_fields if name not in hidden)

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[Any]:
        shown = self.get_readonly_fields(request, obj)
        fields = [f for f in super().get_fields(request, obj) if f not in self.readonly_fields]
        return [*fields, *shown]

    @admin.display(description=_("state"))
    def state(self, obj: Any) -> str:
        now = timezone.now()
        if obj.effective_from > now:
            return gettext("Announced, in force from %(date)s") % {
                "date": date_format(obj.effective_from, "DATETIME_FORMAT")
            }
        in_force = getattr(obj, "terms_in_force", None)
        if in_force is None:
            in_force = type(obj)._default_manager.in_force(now).filter(pk=obj.pk).exists()
        return gettext("In force") if in_force else gettext("Replaced")

    @admin.display(description=_("new version"))
    def new_version(self, obj: Any) -> str:
        opts = obj._meta
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_add")
        return format_html('<a href="{}?copy={}">{}</a>', url, obj.pk, gettext("Announce a new version of these terms"))

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        initial: dict[str, Any] = dict(super().get_changeform_initial_data(request))
        source = request.GET.get("copy", "")
        if source.isdigit() and len(source) < 19:
            version = self.model._default_manager.filter(pk=int(source)).first()
            if version is not None:
                for field in version._meta.concrete_fields:
                    if field.editable and not field.primary_key and field.name not in self.not_copied:
                        initial.setdefault(field.name, field.value_from_object(version))
        initial["effective_from"] = terms.suggested_start(self.model)
        return initial

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        form = super().get_form(request, obj, change=change, **kwargs)

        class TermsForm(form):  # type: ignore[misc, valid-type]  # the admin's generated form class
            def full_clean(self) -> None:
                # The start is checked on the version as it would be saved (built and validated by the model form's
                # own validation): a version that changes nothing merchants see may start at once.
                super().full_clean()
                if not self.is_bound or self.instance.effective_from is None or "effective_from" in self.errors:
                    return
                if error := terms.start_error(self.instance):
                    self.add_error("effective_from", error)

        return TermsForm

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        terms.terms_version_add(version=obj, operator=request.user)


class ReadOnlyInline(admin.TabularInline):
    """Rows shown on their parent's page that operators look at and never change (lines, events, entries)."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


def _status_field(model: type[Model]) -> str:
    return getattr(model, "STATUS_FIELD", "status")


def _status_label(model: type[Model], value: Any) -> str:
    field = model._meta.get_field(_status_field(model))
    choices = {str(code): str(label) for code, label in getattr(field, "flatchoices", ())}
    return choices.get(str(value), str(value))


def _status_labels(change: StatusChange) -> tuple[str, str]:
    model = change.content_type.model_class()
    if model is None:
        return change.from_status, change.to_status
    return _status_label(model, change.from_status), _status_label(model, change.to_status)


class StatusLabels:
    """The moved-from and moved-to statuses by their labels (the rows keep the stored codes), and why in the reader's
    language (StatusChange.rendered_note)."""

    @admin.display(description=_("from"))
    def from_label(self, change: StatusChange) -> str:
        return _status_labels(change)[0]

    @admin.display(description=_("to"))
    def to_label(self, change: StatusChange) -> str:
        return _status_labels(change)[1]

    @admin.display(description=_("note"))
    def note_text(self, change: StatusChange) -> str:
        return change.rendered_note()


class StatusChangeInline(StatusLabels, GenericTabularInline):
    """The status history of the object on the page (apps.core.transitions), read-only."""

    model = StatusChange
    extra = 0
    can_delete = False
    fields = readonly_fields = ("created_at", "from_label", "to_label", "actor", "note_text")
    ordering = ("-created_at", "-id")

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_view_permission(self, request: HttpRequest, obj: object = None) -> bool:
        """The object's history is part of its page: whoever may view the object sees it (the roles hold no
        permission on the technical list of every status change)."""
        opts = self.parent_model._meta
        return has_model_permission(request, opts, "view") or has_model_permission(request, opts, "change")


@admin.register(StatusChange)
class StatusChangeAdmin(StatusLabels, ReadOnlyAdmin):
    list_display = ["created_at", "content_type", "target", "from_label", "to_label", "actor", "note_text"]
    list_filter = [("content_type", admin.RelatedOnlyFieldListFilter), "created_at"]
    search_fields = ["note", "object_id"]
    list_select_related = ["content_type", "actor"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[StatusChange]:
        return super().get_queryset(request).prefetch_related("target")  # one query per kind of object, not per row


SECRET_ARGUMENTS = {"url", "token"}


def _outbox_stuck(now: datetime) -> Q:
    """Not done, and failed at least once (an error recorded) or past the end of its lease or wait."""
    return Q(done_at__isnull=True) & (~Q(last_error="") | Q(next_attempt_at__lt=now))


register(Queue("background", _("Failed or stuck background work"), "core.OutboxEntry", _outbox_stuck, "created_at",
               rank=90))  # fmt: skip


@admin.register(OutboxEntry)
class OutboxEntryAdmin(QueueAdmin, ReadOnlyAdmin):
    """The side effects not done yet (apps.core.outbox), for operators to see what is stuck and why: each is tried
    again until done, so there is nothing to change here."""

    list_display = ["created_at", "task", "arguments", "attempts", "next_attempt_at", "error"]
    list_filter = ["task"]
    fields = readonly_fields = ("task", "arguments", "created_at", "attempts", "next_attempt_at", "last_error")
    ordering = ["created_at", "id"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[OutboxEntry]:
        return super().get_queryset(request).filter(done_at__isnull=True)

    @admin.display(description=_("arguments"))
    def arguments(self, entry: OutboxEntry) -> str:
        # Links (an order's page) and tokens (an account's confirmation) open what is their owner's: not shown.
        return ", ".join(f"{key}={value}" for key, value in entry.kwargs.items() if key not in SECRET_ARGUMENTS)

    @admin.display(description=_("last error"))
    def error(self, entry: OutboxEntry) -> str:
        return Truncator(entry.last_error).chars(120)


def admin_form(form: forms.Form) -> AdminForm:
    """A plain form laid out like the admin's own (labels, help texts beside the fields, errors), for pages that
    include admin/includes/fieldset.html."""
    return AdminForm(form, [(None, {"fields": list(form.fields)})], {})  # type: ignore[arg-type]  # any form works


def reason_action(
    modeladmin: admin.ModelAdmin,
    request: HttpRequest,
    *,
    action: str,
    title: Any,
    question: Any,
    form: forms.Form,
    columns: dict[Any, Callable[[Any], Any]],
    objects: Sequence[Model],
) -> TemplateResponse:
    """The page a list action asks its reason on (admin/reason_action.html): the question, the selected `objects` in
    a table of `columns` ({label: the row's value}), the reason's form, and the button that applies `action` to them.
    The action applies itself when the page is posted back ("apply" in the request) with a valid form."""
    context = {
        **modeladmin.admin_site.each_context(request),
        "opts": modeladmin.model._meta,
        "title": title,
        "question": question,
        "columns": list(columns),
        "rows": [(obj.pk, [value(obj) for value in columns.values()]) for obj in objects],
        "adminform": admin_form(form),
        "action": action,
    }
    return TemplateResponse(request, "admin/reason_action.html", context)


@dataclass(frozen=True)
class Decision:
    """A decision an operator makes on an object's page: its button label, the form it asks, the status it moves to.

    `when` limits it to one current status, for two decisions that move to the same status (a merchant's "approve"
    from pending and "reopen" from closed both make it active). `permission` is the operator's permission it needs:
    the admin's `has_<permission>_permission` (Django's "change" by default, or one of the model's Meta permissions),
    the same that the list action making this decision in bulk declares. A step that moves no status (an order's
    tracking step) has no `to` and is offered while `offered(obj)` holds.
    """

    label: Any
    form: type[forms.Form]
    to: Any = None
    when: Any = None
    permission: str = "change"
    offered: Callable[[Any], bool] | None = None

    def allowed(self, obj: Model) -> bool:
        """Whether the object's current state allows this decision (its status table, or `offered`)."""
        if self.offered is not None:
            return self.offered(obj)
        current = getattr(obj, _status_field(type(obj)))
        table = type(obj).TRANSITIONS  # type: ignore[attr-defined]  # a state machine declares TRANSITIONS
        return self.to in table.get(current, set()) and self.when in (None, current)


def form_refusal(form: forms.Form, exc: AppError) -> None:
    """Puts a service's refusal on the form: on the fields it names, else above the form."""
    named = (exc.data or {}).get("errors") or {}
    placed = False
    for name, problems in named.items():
        if name in form.fields:
            form.add_error(name, list(problems))
            placed = True
    if not placed:
        form.add_error(None, str(exc.message))


class DecisionAdmin(admin.ModelAdmin):
    """An admin whose objects are decided through forms that call services, never through a model save.

    The change page offers the decisions the model's status table (TRANSITIONS, apps.core.transitions) allows from
    the object's current status, each a button to its own form page; `run_decision` calls the service.
    With `read_only` (a queue: deposits, withdrawals) every field is read-only and there is no Save; without it the
    admin keeps its own fields, read-only fields and Save buttons, and the decisions come beside them.
    """

    inlines = [StatusChangeInline]
    decisions: dict[str, Decision] = {}
    read_only = True
    extra_readonly: tuple[str, ...] = ("decide",)
    # Model fields shown through a display method instead of raw: {field: method}, or None where another of the
    # extra_readonly shows it (a picture instead of "voucher:15", a masked card number).
    shown_as: dict[str, str | None] = {}

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_decision_permission(self, request: HttpRequest, name: str, obj: Any = None) -> bool:
        """Whether the operator may make decision `name` (on `obj`)."""
        return bool(getattr(self, f"has_{self.decisions[name].permission}_permission")(request, obj))

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        """Without the buttons of decisions for an operator who may make none of them."""
        fieldsets = super().get_fieldsets(request, obj)
        if any(self.has_decision_permission(request, name, obj) for name in self.decisions):
            return fieldsets
        return without_fields(fieldsets, {"decide"})

    def _shown(self, names: Sequence[Any]) -> list[Any]:
        return [shown for name in names if (shown := self.shown_as.get(name, name))]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        names = (
            [f.name for f in self.model._meta.fields] if self.read_only else super().get_readonly_fields(request, obj)
        )
        return [*self._shown(names), *self.extra_readonly]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list:
        return self._shown(super().get_fields(request, obj))

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: Any = None) -> Any:
        if self.read_only:
            if request.method == "POST":  # no Save button, and no save by a hand-made POST either
                raise PermissionDenied
            no_save = {"show_save": False, "show_save_and_continue": False, "show_save_and_add_another": False}
            extra_context = {**(extra_context or {}), **no_save}
        return super().change_view(request, object_id, form_url, extra_context)

    def _url_name(self, view: str) -> str:
        return f"{self.model._meta.app_label}_{self.model._meta.model_name}_{view}"

    def get_urls(self) -> list:
        own = [
            path(
                f"<path:object_id>/{name}/",
                self.admin_site.admin_view(self._decision_view(name)),
                name=self._url_name(name),
            )
            for name in self.decisions
        ]
        return own + super().get_urls()

    def allowed_decisions(self, obj: Model) -> list[str]:
        """The names of the decisions the object's current state allows (Decision.allowed)."""
        return [name for name, decision in self.decisions.items() if decision.allowed(obj)]

    def decision_refused(self, name: str, obj: Model) -> str:
        """Why decision `name` is not offered for `obj`."""
        status = _status_label(type(obj), getattr(obj, _status_field(type(obj))))
        refused = gettext("“%(decision)s” is not possible while the status is “%(status)s”.")
        return refused % {"decision": self.decisions[name].label, "status": status}

    @admin.display(description=_("decision"))
    def decide(self, obj: Model) -> str:
        links = [
            (reverse(f"admin:{self._url_name(name)}", args=[obj.pk]), self.decisions[name].label)
            for name in self.allowed_decisions(obj)
        ]
        return format_html_join(" ", '<a class="button" href="{}">{}</a>', links) if links else "-"

    def decision_form(self, name: str, obj: Any, data: Any) -> forms.Form:
        """The form of decision `name` on `obj`, bound to `data` (None: unbound)."""
        return self.decisions[name].form(data)

    def run_decision(self, name: str, obj: Any, data: dict, operator: Any) -> None:
        raise NotImplementedError

    def decision_summary(self, obj: Any, decision: str) -> str:
        return str(obj)

    def decision_done(self, name: str, obj: Any, data: dict) -> str:
        """The operator's message once decision `name` was made on `obj` with the form's `data`."""
        return gettext("Done: %(object)s.") % {"object": obj}

    def _decision_view(self, name: str) -> Callable[..., HttpResponse]:
        decision = self.decisions[name]

        def view(request: HttpRequest, object_id: str) -> HttpResponse:
            obj = self.get_object(request, object_id)
            if obj is None:
                raise Http404
            if not self.has_decision_permission(request, name, obj):
                raise PermissionDenied
            change_url = reverse(f"admin:{self._url_name('change')}", args=[obj.pk])
            if name not in self.allowed_decisions(obj):  # a decision made meanwhile, or a typed address
                messages.error(request, self.decision_refused(name, obj))
                return redirect(change_url)
            form = self.decision_form(name, obj, request.POST if request.method == "POST" else None)
            if request.method == "POST" and form.is_valid():
                try:
                    self.run_decision(name, obj, form.cleaned_data, request.user)
                except AppError as exc:
                    form_refusal(form, exc)
                else:
                    messages.success(request, self.decision_done(name, obj, form.cleaned_data))
                    return redirect(change_url)
            context = {
                **self.admin_site.each_context(request),
                "opts": self.model._meta,
                "original": obj,
                "adminform": admin_form(form),
                "title": decision.label,
                "summary": self.decision_summary(obj, name),
            }
            return TemplateResponse(request, "admin/core/decision.html", context)

        return view


# django-axes' list of sign-in attempts declares its "Clean up expired attempts" action without a permission: it
# deletes attempts, so here it asks for the permission to delete them. (Its expiry is reckoned from the request's
# attempt time, which axes sets only on a sign-in: without it the action failed with a server error.)
admin.site.unregister(AccessAttempt)


@admin.register(AccessAttempt)
class AccessAttemptAdminWithPermissions(AccessAttemptAdmin):
    @admin.action(description=AccessAttemptAdmin.cleanup_expired_attempts.short_description, permissions=["delete"])
    def cleanup_expired_attempts(self, request: HttpRequest, queryset: QuerySet[AccessAttempt]) -> None:
        AxesProxyHandler.update_request(request)
        super().cleanup_expired_attempts(request, queryset)


# An authenticator's secret (a TOTP device's key, its configuration page and QR code, a static device's codes) signs
# in as its operator: django-otp shows it to whoever may view the devices; here only to operators who may change them
# (who enrol authenticators), and an operator who may only view the devices sees neither the key nor the codes.
admin.site.unregister(TOTPDevice)
admin.site.unregister(StaticDevice)


@admin.register(TOTPDevice)
class TOTPDeviceAdminWithPermissions(TOTPDeviceAdmin):
    def get_list_display(self, request: HttpRequest) -> Any:
        shown = super().get_list_display(request)
        return shown if self.has_change_permission(request) else [f for f in shown if f != "qrcode_link"]

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        fieldsets = super().get_fieldsets(request, obj)
        if self.has_change_permission(request, obj):
            return fieldsets
        return without_fields(fieldsets, {"key", "qrcode_link"})

    def config_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        if not self.has_change_permission(request):
            raise PermissionDenied
        return super().config_view(request, pk)

    def qrcode_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        if not self.has_change_permission(request):
            raise PermissionDenied
        return super().qrcode_view(request, pk)


@admin.register(StaticDevice)
class StaticDeviceAdminWithPermissions(StaticDeviceAdmin):
    def get_inline_instances(self, request: HttpRequest, obj: Any = None) -> Any:
        return super().get_inline_instances(request, obj) if self.has_change_permission(request, obj) else []
