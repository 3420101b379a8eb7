"""The catalogue lists' filters (django-filter), applied by the selectors to values the views validated."""

import django_filters
from django.conf import settings
from django.db.models import Q, QuerySet
from modeltranslation.utils import build_localized_fieldname, get_language

from .models import Product, ShopGoods

GOODS_TABS = {"all": None, "selling": True, "stock": False}


class ProductFilter(django_filters.FilterSet):
    """The distribution center: category, keyword (the title as the merchant reads it), hot."""

    category = django_filters.NumberFilter(field_name="category_id")
    keyword = django_filters.CharFilter(method="filter_keyword")
    hot = django_filters.BooleanFilter(field_name="is_hot")

    class Meta:
        model = Product
        fields: list[str] = []

    def filter_keyword(self, queryset: QuerySet[Product], name: str, value: str) -> QuerySet[Product]:
        """Matches the title in the request language and in the fallback languages."""
        languages = [get_language()]
        languages += [code for code in settings.MODELTRANSLATION_FALLBACK_LANGUAGES if code not in languages]
        q = Q()
        for code in languages:
            q |= Q(**{f"{build_localized_fieldname('title', code)}__icontains": value})
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
