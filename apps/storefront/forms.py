"""What a buyer sends the storefront, bounded before it reaches the database."""

import uuid
from typing import Any

from django import forms
from django.contrib.auth.password_validation import validate_password
from django.utils.translation import gettext_lazy as _
from django_countries import countries

from apps.core.fields import ID_MAX
from apps.orders.constants import LINE_QUANTITY_MAX, REVIEW_STARS_MAX, REVIEW_TEXT_MAX, GoodsStatus

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
        return self.cleaned_data


class RefundForm(forms.Form):
    reason = forms.CharField(
        label=_("Why do you want a refund?"), max_length=255, widget=forms.Textarea({**TYPED, "rows": 3})
    )
    goods_status = forms.ChoiceField(label=_("The goods"), choices=GoodsStatus.choices)


class RatingForm(forms.Form):
    stars = forms.TypedChoiceField(
        label=_("Your rating"),
        coerce=int,
        choices=[(n, str(n)) for n in range(REVIEW_STARS_MAX, 0, -1)],
        widget=forms.RadioSelect,
    )
    text = forms.CharField(
        label=_("What did you think? (optional)"),
        max_length=REVIEW_TEXT_MAX,
        required=False,
        widget=forms.Textarea({**TYPED, "rows": 3}),
    )


class SignInForm(forms.Form):
    email = forms.EmailField(label=_("Email"), widget=forms.EmailInput({**TYPED, "autocomplete": "email"}))
    password = forms.CharField(
        label=_("Password"),
        strip=False,
        max_length=128,
        widget=forms.PasswordInput({"autocomplete": "current-password"}),
    )


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
