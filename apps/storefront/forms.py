"""What a buyer sends the storefront, bounded before it reaches the database."""

import uuid
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth.forms import PasswordResetForm, SetPasswordForm
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.mail import send_mail
from django.db.models import QuerySet
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _
from django_countries import countries

from apps.core.fields import ID_MAX
from apps.core.phones import phone_e164
from apps.orders.constants import LINE_QUANTITY_MAX, REVIEW_STARS_MAX, REVIEW_TEXT_MAX, GoodsStatus

from .selectors import buyer_accounts

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

KEYWORD_MAX = 64
KEY_LENGTH_MAX = 45  # the longest spelling of a UUID ("urn:uuid:" and 36 characters)
PAGE_MAX = 1000


class ShopQueryForm(forms.Form):
    """The shop page's search, category and page: a value out of bounds is dropped (the page shows all goods)."""

    q = forms.CharField(label=_("Search this shop"), max_length=KEYWORD_MAX, required=False, strip=True)
    category = forms.IntegerField(min_value=1, max_value=ID_MAX, required=False)
    page = forms.IntegerField(min_value=1, max_value=PAGE_MAX, required=False)


class VisitForm(forms.Form):
    """The visit beacon: the goods whose page was opened, if one was."""

    goods = forms.IntegerField(min_value=1, max_value=ID_MAX, required=False)


class CartAddForm(forms.Form):
    goods = forms.IntegerField(min_value=1, max_value=ID_MAX)
    quantity = forms.IntegerField(min_value=1, max_value=LINE_QUANTITY_MAX, required=False)


TYPED = {"translate": "no"}


def _countries() -> list[tuple[str, str]]:
    return [("", _("Choose a country")), *countries]  # names in the language shown


class CheckoutForm(forms.Form):
    """Where the order goes and how to reach the buyer. `website` is a honeypot: hidden from people, a form-filling
    robot fills it, and its order is refused."""

    # What the buyer types is theirs, never machine-translated (translate="no", the app's rule).
    name = forms.CharField(label=_("Recipient's name"), max_length=100, widget=forms.TextInput(TYPED))
    phone = forms.CharField(label=_("Phone"), max_length=32, widget=forms.TextInput({**TYPED, "type": "tel"}))
    address = forms.CharField(label=_("Shipping address"), max_length=255, widget=forms.Textarea({**TYPED, "rows": 3}))
    country = forms.ChoiceField(label=_("Country"), choices=_countries)
    email = forms.EmailField(
        label=_("Email"), help_text=_("We send the link to your order's page here."), widget=forms.EmailInput(TYPED)
    )
    website = forms.CharField(required=False, max_length=200)
    # A random key the cart page gives each form: the form sent again (a retry after a lost answer, a second click)
    # finds the order the first placed. A form without a valid one (a page from before keys) gets a key of its own.
    key = forms.CharField(required=False, widget=forms.HiddenInput, initial=uuid.uuid4)

    def clean_key(self) -> uuid.UUID:
        try:
            return uuid.UUID(self.cleaned_data["key"][:KEY_LENGTH_MAX])
        except ValueError:
            return uuid.uuid4()

    def clean(self) -> dict:
        if self.cleaned_data.get("website"):
            raise forms.ValidationError(_("The order could not be placed. Please try again."))
        phone, country = self.cleaned_data.get("phone"), self.cleaned_data.get("country")
        if phone and country:  # a number of the delivery's country, kept in E.164
            try:
                self.cleaned_data["phone"] = phone_e164(phone, country)
            except forms.ValidationError as error:
                self.add_error("phone", error)
        return self.cleaned_data


class _OrderPageForm(forms.Form):
    """A form of the buyer's order page: its fields' ids start with its name, unique on the page."""

    prefix_id = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", f"{self.prefix_id}_%s")
        super().__init__(*args, **kwargs)


class RefundForm(_OrderPageForm):
    prefix_id = "refund"
    reason = forms.CharField(
        label=_("Why do you want a refund?"), max_length=255, widget=forms.Textarea({**TYPED, "rows": 3})
    )
    goods_status = forms.ChoiceField(label=_("The goods"), choices=GoodsStatus.choices)


class RatingForm(_OrderPageForm):
    prefix_id = "rating"
    stars = forms.TypedChoiceField(
        label=_("Your rating"),
        coerce=int,
        error_messages={"required": _("Choose 1 to 5 stars."), "invalid_choice": _("Choose 1 to 5 stars.")},
        choices=[(n, str(n)) for n in range(REVIEW_STARS_MAX, 0, -1)],
        widget=forms.RadioSelect,
    )
    text = forms.CharField(
        label=_("What did you think? (optional)"),
        max_length=REVIEW_TEXT_MAX,
        required=False,
        widget=forms.Textarea({**TYPED, "rows": 3}),
    )


PASSWORD_MAX = 128


def _email() -> forms.EmailField:
    return forms.EmailField(
        label=_("Email"), max_length=254, widget=forms.EmailInput({**TYPED, "autocomplete": "email"})
    )


def _password(label: "StrOrPromise", autocomplete: str) -> forms.CharField:
    return forms.CharField(
        label=label, strip=False, max_length=PASSWORD_MAX, widget=forms.PasswordInput({"autocomplete": autocomplete})
    )


class SignInForm(forms.Form):
    email = _email()
    password = _password(_("Password"), "current-password")


class ConfirmForm(forms.Form):
    """The password chosen at sign-up, typed again on its link's page: the link alone does not open the account."""

    password = _password(_("Password"), "current-password")


class SignUpForm(SignInForm):
    """A new buyer account: the password passes Django's validators (settings.AUTH_PASSWORD_VALIDATORS)."""

    website = forms.CharField(required=False, max_length=200)  # the honeypot, as at checkout

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["password"].widget.attrs["autocomplete"] = "new-password"

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        validate_password(password)
        return password

    def clean(self) -> dict:
        if self.cleaned_data.get("website"):
            raise forms.ValidationError(_("The account could not be opened. Please try again."))
        return self.cleaned_data


class ResetForm(PasswordResetForm):
    """Asks for a link that sets a new password (Django's form and tokens). It goes to the buyer account of the email
    only (never an operator's), confirmed or not: opening the link proves the mailbox. Sent by a task
    (tasks.account_reset_mail), which is why a failure to send is raised (to be tried again), not logged and dropped."""

    email = _email()

    def get_users(self, email: str) -> QuerySet[User]:
        return buyer_accounts(email=email)

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        subject = "".join(render_to_string(subject_template_name, context).splitlines())
        send_mail(subject, render_to_string(email_template_name, context), from_email, [to_email])


class NewPasswordForm(SetPasswordForm):
    """The new password a reset link sets (Django's validators, typed twice). Saving it also confirms the email."""

    error_messages = {"password_mismatch": _("The two passwords are not the same.")}
    new_password1 = _password(_("New password"), "new-password")
    new_password2 = _password(_("New password again"), "new-password")

    def save(self, commit: bool = True) -> User:
        self.user.is_active = True  # the link came to the mailbox
        return super().save(commit)
