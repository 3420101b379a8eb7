"""The wallet lists' filters (django-filter), applied by the selectors to values the views validated."""

import django_filters

from .constants import BILL_TABS, DepositStatus, WithdrawalStatus
from .models import Deposit, JournalLine, Withdrawal


class DepositFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(choices=DepositStatus.choices)

    class Meta:
        model = Deposit
        fields = ["status"]


class WithdrawalFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(choices=WithdrawalStatus.choices)

    class Meta:
        model = Withdrawal
        fields = ["status"]


class BillFilter(django_filters.FilterSet):
    """Funds records tabs: `type` recharge / withdraw / order (BILL_TABS); "all" or nothing is every kind."""

    type = django_filters.ChoiceFilter(choices=[(tab, tab) for tab in BILL_TABS], method="filter_type")

    class Meta:
        model = JournalLine
        fields: list[str] = []

    def filter_type(self, queryset, name, value):
        return queryset.filter(entry__kind__in=BILL_TABS[value])
