"""apps.core.prepared: a .values() read compiled once answers what the same queryset answers, on both databases."""

import threading
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.db.models import DateTimeField, F, Sum
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.accounts.models import Merchant
from apps.catalog.models import Product
from apps.core.prepared import Param, Prepared, params, values
from apps.wallet.models import LedgerAccount
from tests.factories import MerchantFactory, ProductFactory, fund

pytestmark = pytest.mark.django_db(transaction=True)


def _products(since: object, hot: object) -> object:
    return Product.objects.filter(created_at__gte=since, is_hot=hot).order_by("pk").values("pk", "created_at", "is_hot")


SINCE = Prepared(lambda: _products(Param("since", DateTimeField()), Param("hot")))
PAGE = Prepared(lambda first, last: Merchant.objects.order_by("pk").values("pk", "phone")[first:last])
PHONE = Prepared(lambda: Merchant.objects.filter(pk=Param("pk")).values("phone"))
BALANCES = Prepared(
    lambda: (
        LedgerAccount.objects.filter(merchant_id=Param("merchant"))
        .values("merchant_id")
        .annotate(total=Sum("balance"))
        .values("total")
    )
)


def test_rows_equal_the_querysets_with_the_same_values_converted_as_the_orm_converts_them():
    products = [ProductFactory(is_hot=True), ProductFactory(is_hot=False), ProductFactory(is_hot=True)]
    Product.objects.filter(pk=products[2].pk).update(created_at=timezone.now() - timedelta(days=3))
    since = timezone.now() - timedelta(days=1)

    for hot in (True, False):
        expected = list(_products(since, hot))
        assert SINCE.rows(since=since, hot=hot) == expected
    # Typed as the ORM types them on either database: an aware datetime, a bool (SQLite stores text and 0/1).
    first = {"pk": products[0].pk, "created_at": products[0].created_at, "is_hot": True}
    assert SINCE.rows(since=since, hot=True) == [first]
    assert SINCE.row(since=since, hot=True)["is_hot"] is True  # not 1
    assert SINCE.row(since=timezone.now(), hot=True) is None


def test_an_aggregate_and_decimals():
    merchant = MerchantFactory()
    assert BALANCES.row(merchant=merchant.pk) is None  # no accounts yet
    fund(merchant, "12.34")
    assert BALANCES.row(merchant=merchant.pk) == {"total": Decimal("12.34")}


def test_each_shape_is_compiled_once_and_runs_one_query():
    merchants = [MerchantFactory() for _ in range(3)]
    assert [r["pk"] for r in PAGE.rows(0, 2)] == [m.pk for m in merchants[:2]]
    with CaptureQueriesContext(connection) as queries:
        assert [r["pk"] for r in PAGE.rows(1, 3)] == [m.pk for m in merchants[1:]]
        assert PAGE.rows(0, 2)[0]["phone"] == merchants[0].phone
    assert len(queries) == 2
    assert "LIMIT 2 OFFSET 1" in queries[0]["sql"]
    # The compiled read is reused: running it again builds no queryset.
    built = []
    counting = Prepared(lambda: built.append(1) or Merchant.objects.filter(pk=Param("pk")).values("phone"))
    for merchant in merchants:
        assert counting.row(pk=merchant.pk) == {"phone": merchant.phone}
    assert built == [1]


def test_an_in_list_of_params_is_compiled_per_length():
    merchants = [MerchantFactory() for _ in range(3)]
    among = Prepared(lambda count: Merchant.objects.filter(pk__in=params("pk", count)).order_by("pk").values("pk"))
    assert among.rows(2, **values("pk", [merchants[2].pk, merchants[0].pk])) == [
        {"pk": merchants[0].pk},
        {"pk": merchants[2].pk},
    ]
    assert among.rows(1, **values("pk", [merchants[1].pk])) == [{"pk": merchants[1].pk}]


def test_runs_from_several_threads_on_their_own_connections():
    merchants = [MerchantFactory() for _ in range(4)]
    answers: dict[int, object] = {}

    def read(merchant: Merchant) -> None:
        try:
            answers[merchant.pk] = PHONE.row(pk=merchant.pk)
        finally:
            connection.close()

    threads = [threading.Thread(target=read, args=(m,)) for m in merchants]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == {m.pk: {"phone": m.phone} for m in merchants}


def test_a_queryset_that_is_not_values_is_refused():
    with pytest.raises(TypeError, match="values"):
        Prepared(lambda: Merchant.objects.filter(pk=Param("pk"))).rows(pk=1)


@pytest.mark.postgres
def test_postgresql_prepares_a_read_the_second_time_a_connection_runs_it():
    # The settings (config.settings.base.database_for_a_server): PostgreSQL then skips parsing and planning it.
    merchant = MerchantFactory()

    def prepared_phone_reads() -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s", ['%"phone"%'])
            return int(cursor.fetchone()[0])

    connection.close()  # a new connection: nothing prepared yet
    assert PHONE.row(pk=merchant.pk) == {"phone": merchant.phone}
    assert prepared_phone_reads() == 0
    assert PHONE.row(pk=merchant.pk) == {"phone": merchant.phone}
    assert prepared_phone_reads() == 1


MIXED = Prepared(
    lambda: Merchant.objects.filter(pk=Param("pk")).annotate(contact=F("phone")).values("pk", "contact", "email")
)


def test_an_annotation_named_between_fields_keeps_its_column():
    """Django 5.2 selects a .values() read's columns in the order it names them, annotations among fields: each
    value keeps its name (a read naming an annotation before a field once wrote one's value under the other's)."""
    merchant = MerchantFactory(email="ana@example.com")
    expected = {"pk": merchant.pk, "contact": merchant.phone, "email": "ana@example.com"}
    assert (
        MIXED.row(pk=merchant.pk)
        == expected
        == Merchant.objects.annotate(contact=F("phone")).values("pk", "contact", "email").get(pk=merchant.pk)
    )
