"""An operation refuses the query parameters and body fields it does not declare, by name, in every language, and
changes nothing (issue 16); what it declares in the OpenAPI schema is never called unknown."""

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.catalog.models import ShopGoods
from apps.core.apiview import SHOWN_NAME_MAX, ApiView
from apps.core.errors import ErrorCode
from apps.core.i18n import APP_TO_DJANGO
from tests.factories import LevelFactory, ProductFactory
from tests.openapi import merchant_api_views, operations, resolve

UNKNOWN_PARAMETER = int(ErrorCode.UNKNOWN_PARAMETER)
WRITES = re.compile(r"^\s*(INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)


def _body_format(operation: dict) -> str:
    content = operation.get("requestBody", {}).get("content", {})
    return "json" if "application/json" in content or not content else "multipart"


def _send(client, method: str, path: str, operation: dict, query: dict, body: dict | None = None):
    cache.clear()  # throttle counters (send_code allows 5 an hour): every request reaches the check
    if method == "GET":
        return client.get(path, query)
    url = f"{path}?{'&'.join(f'{k}={v}' for k, v in query.items())}" if query else path
    return client.post(url, body or {}, format=_body_format(operation))


@pytest.fixture
def lister(merchant):
    """The signed-in merchant, at a level that may list 20 products."""
    merchant.level = LevelFactory(rank=1, product_quantity=20)
    merchant.save(update_fields=["level"])
    return merchant


def _writes(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if WRITES.match(q["sql"])]


def test_every_merchant_api_view_derives_from_the_view_that_checks_parameters():
    views = [view for _path, view in merchant_api_views()]
    assert len(views) >= 35
    assert [view.__name__ for view in views if not issubclass(view, ApiView)] == []


@pytest.mark.django_db
def test_every_operation_refuses_an_unknown_parameter_by_name_in_every_language(merchant_api):
    every = operations()
    assert len(every) >= 39
    english: dict[tuple[str, str, str], str] = {}
    for lang in APP_TO_DJANGO:  # en first
        merchant_api.lang = lang
        for method, path, operation in every:
            cases = [("query", {"mer_name": "1"}, None)]
            if method == "POST":
                cases.append(("body", {}, {"mer_name": "Corner Store"}))
            for where, query, body in cases:
                with CaptureQueriesContext(connection) as queries:
                    response = _send(merchant_api, method, path, operation, query, body)
                case = f"{lang} {method} {path} ({where})"
                assert response.status_code == 200, case
                answer = response.json()
                assert answer["code"] == 0, case
                assert answer["data"]["error"] == UNKNOWN_PARAMETER, case
                assert list(answer["data"]["errors"]) == ["mer_name"], case
                assert "mer_name" in answer["msg"], case
                assert _writes(queries) == [], case  # refused before the view: nothing changed
                if lang == "en":
                    assert answer["msg"] == "Unknown parameter: mer_name", case
                    english[(method, path, where)] = answer["msg"]
                else:
                    assert answer["msg"] != english[(method, path, where)], f"{case}: not translated"


def _declared_values(method: str, operation: dict) -> tuple[dict[str, Any], dict[str, Any]]:
    """A value for every query parameter and body field the operation declares (the values may well be invalid)."""
    query = {p["name"]: "1" for p in operation.get("parameters", []) if p["in"] == "query"}
    body: dict[str, Any] = {}
    if method == "POST":
        for media in operation.get("requestBody", {}).get("content", {}).values():
            schema = resolve(media["schema"])
            for branch in [schema, *map(resolve, schema.get("oneOf", []))]:
                body.update({name: "1" for name in branch.get("properties", {})})
    return query, body


@pytest.mark.django_db
def test_what_an_operation_declares_is_never_called_unknown(merchant_api, merchant):
    checked = 0
    for method, path, operation in operations():
        query, body = _declared_values(method, operation)
        merchant_api.login_as(merchant)  # a declared field may sign out (logout) or change the password
        response = _send(merchant_api, method, path, operation, query, body)
        answer = response.json()
        assert (answer.get("data") or {}).get("error") != UNKNOWN_PARAMETER, f"{method} {path}: {answer['msg']}"
        checked += bool(query or body)
    assert checked >= 30


@pytest.mark.django_db
def test_several_unknown_names_are_all_named_and_nothing_moves(merchant_api, lister):
    product = ProductFactory()
    response = merchant_api.post("/merchant/product/add?shop=1", {"ids": [product.pk], "product_ids": [product.pk]})
    answer = response.json()
    assert answer["msg"] == "Unknown parameters: product_ids, shop"
    assert set(answer["data"]["errors"]) == {"product_ids", "shop"}
    assert answer["data"]["errors"]["shop"] == ["Unknown parameter: shop"]
    assert not ShopGoods.objects.filter(merchant=lister).exists()


@pytest.mark.django_db
def test_a_list_filter_with_a_wrong_name_is_refused_not_ignored(merchant_api):
    answer = merchant_api.get("/merchant/product/manage", {"status": "selling"}).json()  # the filter is `tab`
    assert (answer["data"]["error"], list(answer["data"]["errors"])) == (UNKNOWN_PARAMETER, ["status"])
    assert merchant_api.get("/merchant/product/manage", {"tab": "selling"}).json()["code"] == 1


@pytest.mark.django_db
def test_a_form_sends_a_list_the_way_drf_reads_it(merchant_api, lister):
    products = ProductFactory.create_batch(2)
    data = {f"ids[{i}]": product.pk for i, product in enumerate(products)}
    answer = merchant_api.post("/merchant/product/add", data, format="multipart").json()
    assert answer["code"] == 1, answer
    assert ShopGoods.objects.filter(merchant=lister).count() == 2
    # An index on a field that holds no list is no way around the check.
    answer = merchant_api.post("/merchant/product/del", {"id[0]": 1}, format="multipart").json()
    assert list(answer["data"]["errors"]) == ["id[0]"]


@pytest.mark.django_db
def test_the_headers_repeated_as_parameters_are_the_only_extras(merchant_api):
    assert merchant_api.get("/merchant/merchant/getMerInfo", {"lang": "en", "token": "x"}).json()["code"] == 1
    answer = merchant_api.get("/merchant/merchant/getMerInfo", {"_": "1700000000"}).json()
    assert answer["data"]["error"] == UNKNOWN_PARAMETER


@pytest.mark.django_db
def test_a_long_name_is_cut_in_the_answer(merchant_api):
    name = "x" * 5000
    answer = merchant_api.post("/merchant/merchant/verify_pay", {name: "1", "pay_password": "123456"}).json()
    shown = "x" * SHOWN_NAME_MAX + "…"
    assert answer["msg"] == f"Unknown parameter: {shown}"
    assert list(answer["data"]["errors"]) == [shown]


@pytest.mark.django_db
def test_signing_in_comes_before_the_parameters(api):
    response = api.get("/merchant/merchant/getMerInfo", {"mer_name": "1"})
    assert response.status_code == 401
