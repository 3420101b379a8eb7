"""What a buyer sends the storefront, bounded before it reaches the database."""

from django import forms
from django.utils.translation import gettext_lazy as _

from apps.core.fields import ID_MAX

KEYWORD_MAX = 64
PAGE_MAX = 1000


class ShopQueryForm(forms.Form):
    """The shop page's search, category and page: a value out of bounds is dropped (the page shows all goods)."""

    q = forms.CharField(label=_("Search this shop"), max_length=KEYWORD_MAX, required=False, strip=True)
    category = forms.IntegerField(min_value=1, max_value=ID_MAX, required=False)
    page = forms.IntegerField(min_value=1, max_value=PAGE_MAX, required=False)


class VisitForm(forms.Form):
    """The visit beacon: the goods whose page was opened, if one was."""

    goods = forms.IntegerField(min_value=1, max_value=ID_MAX, required=False)
