"""Every integer a merchant can send (a query parameter or a body field in the OpenAPI schema) is checked against
the range its column holds, or a sane maximum for `page`: out of range is the envelope's rejection naming the
field, never a 500 (issue 8, finding 6)."""

import pytest

from tests.openapi import merchant_schema, resolve

OUT_OF_RANGE = [2**63, 10**30, -1]


def _is_integer(schema: dict) -> bool:
    schema = resolve(schema)
    types = schema.get("type")
    return types == "integer" or (isinstance(types, list) and "integer" in types)


def _integer_inputs() -> list[tuple[str, str, str, bool]]:
    """(method, path, name, is a list) of every integer input of the merchant API."""
    found = []
    for path, item in merchant_schema()["paths"].items():
        for method, operation in item.items():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "query" and _is_integer(parameter["schema"]):
                    found.append((method.upper(), path, parameter["name"], False))
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body is None:
                continue
            for name, prop in resolve(body["schema"]).get("properties", {}).items():
                prop = resolve(prop)
                if _is_integer(prop):
                    found.append((method.upper(), path, name, False))
                elif prop.get("type") == "array" and _is_integer(prop.get("items", {})):
                    found.append((method.upper(), path, name, True))
    return found


def test_the_integer_inputs_are_found():
    inputs = {(method, path, name) for method, path, name, _ in _integer_inputs()}
    expected = {
        ("GET", "/merchant/product/product", "page"),
        ("GET", "/merchant/product/product", "category"),
        ("GET", "/merchant/product/detail", "id"),
        ("GET", "/merchant/product/detail", "goods_id"),
        ("POST", "/merchant/product/add", "ids"),
        ("POST", "/merchant/product/addAll", "category"),
        ("POST", "/merchant/product/setSwitch", "id"),
        ("POST", "/merchant/product/del", "id"),
        ("POST", "/merchant/index/level_upgrade", "level_id"),
        ("GET", "/merchant/merchant/recharge_log", "page"),
        ("GET", "/merchant/merchant/extract_log", "limit"),
        ("GET", "/merchant/merchant/bill", "page"),
        ("GET", "/merchant/index/level", "page"),
    }
    assert expected <= inputs
    pages = {path for method, path, name, _ in _integer_inputs() if name == "page"}
    assert len(pages) >= 8


@pytest.mark.django_db
@pytest.mark.parametrize("value", OUT_OF_RANGE, ids=["2**63", "10**30", "-1"])
def test_an_out_of_range_integer_is_a_rejection(merchant_api, value):
    for method, path, name, many in _integer_inputs():
        if method == "GET":
            response = merchant_api.get(path, {name: str(value)})
        else:
            response = merchant_api.post(path, {name: [value] if many else value})
        where = f"{method} {path} {name}={value}"
        assert response.status_code == 200, where
        body = response.json()
        assert body["code"] == 0, where
        assert name in body["data"]["errors"], where
