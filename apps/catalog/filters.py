"""The catalogue lists' filters (django-filter), applied by the selectors to values the views validated."""

import django_filters
from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.lookups import DataContains
from django.db import connections
from django.db.models import Expression, F, Func, Q, QuerySet, TextField, Value
from modeltranslation.utils import build_localized_fieldname, get_language

from .models import Product, ShopGoods

GOODS_TABS = {"all": None, "selling": True, "stock": False}
# Shorter keywords have no trigram: PostgreSQL finds them by the titles' characters and character pairs.
SHORT_KEYWORD = 3


def _grams(text: Expression | F) -> Func:
    """The characters and character pairs of `text`, upper-cased (catalog/migrations/0004_product_title_grams)."""
    return Func(text, function="catalog_title_grams", output_field=ArrayField(TextField()))


class ProductFilter(django_filters.FilterSet):
    """The distribution center: category, keyword (the title as the merchant reads it), hot."""

    category = django_filters.NumberFilter(field_name="category_id")
    keyword = django_filters.CharFilter(method="filter_keyword")
    hot = django_filters.BooleanFilter(field_name="is_hot")

    class Meta:
        model = Product
        fields: list[str] = []

    def filter_keyword(self, queryset: QuerySet[Product], name: str, value: str) -> QuerySet[Product]:
        """Matches the title in the request language and in the fallback languages, ignoring case. On PostgreSQL a
        keyword of three characters or more is served by the titles' trigram indexes, a shorter one by their
        character-pair indexes (migrations 0002 and 0004)."""
        languages = [get_language()]
        languages += [code for code in settings.MODELTRANSLATION_FALLBACK_LANGUAGES if code not in languages]
        short = len(value) < SHORT_KEYWORD and connections[queryset.db].vendor == "postgresql"
        keyword = _grams(Value(value))
        q = Q()
        for code in languages:
            field = build_localized_fieldname("title", code)
            if short:
                q |= Q(DataContains(_grams(F(field)), keyword))
            else:
                q |= Q(**{f"{field}__icontains": value})
        return queryset.filter(q)


class GoodsFilter(django_filters.FilterSet):
    """Shop goods tabs: all, selling (on shelf), stock (off shelf)."""

    tab = django_filters.ChoiceFilter(choices=[(tab, tab) for tab in GOODS_TABS], method="filter_tab")

    class Meta:
        model = ShopGoods
        fields: list[str] = []

    def filter_tab(self, queryset: QuerySet[ShopGoods], name: str, value: str) -> QuerySet[ShopGoods]:
        on_shelf = GOODS_TABS[value]
        return queryset if on_shelf is None else queryset.filter(on_shelf=on_shelf)
