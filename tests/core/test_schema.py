"""The OpenAPI schema at /api/schema/: complete (every merchant API view, no warning) and true to api.md."""

import re

import pytest
from django.http import JsonResponse

from tests.openapi import check_answer, generate_schema, merchant_api_views, merchant_schema, operations, resolve

HTTP_METHODS = ("get", "post", "put", "patch", "delete")


def _success(operation: dict) -> dict:
    """The success envelope of an operation's HTTP 200 (oneOf: success, rejection)."""
    return operation["responses"]["200"]["content"]["application/json"]["schema"]["oneOf"][0]


def test_the_schema_has_no_warning_or_error():
    schema, problems = generate_schema()
    assert schema is not None, problems
    assert schema["openapi"].startswith("3.1")


def test_every_merchant_api_view_and_method_is_documented():
    views = merchant_api_views()
    assert len(views) >= 35
    paths = merchant_schema()["paths"]
    for path, view in views:
        assert path in paths, path
        for method in HTTP_METHODS:
            assert (method in paths[path]) == hasattr(view, method), f"{method.upper()} {path}"


def test_every_success_answer_is_the_envelope_around_data():
    for method, path, operation in operations():
        name = f"{method} {path}"
        answer = _success(operation)
        assert answer["required"] == ["code", "msg", "data"], name
        assert answer["properties"]["code"] == {"type": "integer", "const": 1}, name
        assert answer["properties"]["msg"] == {"type": "string"}, name


def test_a_paged_query_answers_a_page():
    paged = 0
    for method, path, operation in operations():
        name = f"{method} {path}"
        query = {p["name"] for p in operation.get("parameters", []) if p["in"] == "query"}
        if {"page", "limit"} <= query:
            paged += 1
            data = resolve(_success(operation)["properties"]["data"])
            assert {"total", "list", "page", "limit"} <= set(data["properties"]), name
            assert data["properties"]["list"]["type"] == "array", name
    assert paged >= 5


def test_answers_without_data_say_null():
    operation = merchant_schema()["paths"]["/merchant/product/del"]["post"]
    assert _success(operation)["properties"]["data"] == {"type": "null"}


REJECTION = {"$ref": "#/components/schemas/Rejection"}


def test_every_operation_documents_its_rejections():
    # issue 8, finding 13: code 0 under HTTP 200 beside the success, and the HTTP errors with the same shape.
    rejection = merchant_schema()["components"]["schemas"]["Rejection"]
    assert rejection["properties"]["code"] == {"type": "integer", "const": 0}
    data = rejection["properties"]["data"]["oneOf"][0]
    assert set(data["properties"]) == {"error", "errors", "wait"}
    assert 1003 in data["properties"]["error"]["enum"]  # throttled
    for method, path, operation in operations():
        name = f"{method} {path}"
        responses = operation["responses"]
        assert responses["200"]["content"]["application/json"]["schema"]["oneOf"][1] == REJECTION, name
        for status in ("400", "403", "404", "405", "413", "415", "429"):
            assert responses[status]["content"]["application/json"]["schema"] == REJECTION, (name, status)


def test_a_rejection_or_a_status_that_the_schema_does_not_describe_fails_the_api_tests():
    throttled = {"error": 1003, "wait": 30}
    check_answer("POST", "/merchant/merchant/login", JsonResponse({"code": 0, "msg": "Wait", "data": throttled}))
    field = {"error": 1000, "errors": {"ids": {"0": ["Please enter a valid number."]}, "amount": ["Too big"]}}
    check_answer("POST", "/merchant/product/add", JsonResponse({"code": 0, "msg": "Invalid", "data": field}))
    check_answer(
        "POST", "/merchant/product/add", JsonResponse({"code": 0, "msg": "Bad JSON", "data": None}, status=400)
    )
    with pytest.raises(AssertionError, match="a rejection that the OpenAPI schema does not describe"):
        check_answer("POST", "/merchant/merchant/login", JsonResponse({"code": 0, "msg": "x", "data": {"wait": 3}}))
    with pytest.raises(AssertionError, match="a rejection that the OpenAPI schema does not describe"):
        check_answer("GET", "/merchant/merchant/bill", JsonResponse({"code": 0, "msg": 5, "data": None}))
    with pytest.raises(AssertionError, match="HTTP 418, which the OpenAPI schema does not list"):
        check_answer("GET", "/merchant/merchant/bill", JsonResponse({"code": 0, "msg": "", "data": None}, status=418))
    with pytest.raises(AssertionError, match="code 7, not documented there"):
        check_answer("GET", "/merchant/merchant/bill", JsonResponse({"code": 7, "msg": "", "data": None}))


@pytest.mark.parametrize(
    ("path", "method", "security"),
    [
        ("/merchant/merchant/login", "post", [{}]),  # signed-out screens read no token
        ("/merchant/merchant/getMerInfo", "get", [{"token": []}]),
        ("/merchant/common/upload", "post", [{"token": []}, {}]),  # optional: registration uploads too
    ],
)
def test_the_token_header_is_the_security_and_a_stale_one_answers_401(path, method, security):
    schema = merchant_schema()
    assert schema["components"]["securitySchemes"]["token"] == {"type": "apiKey", "in": "header", "name": "token"}
    operation = schema["paths"][path][method]
    assert operation["security"] == security
    assert ("401" in operation["responses"]) is ({"token": []} in security)


def test_every_operation_takes_the_lang_header_and_money_posts_the_idempotency_key():
    for method, path, operation in operations():
        name = f"{method} {path}"
        headers = {p["name"] for p in operation.get("parameters", []) if p["in"] == "header"}
        assert "lang" in headers, name
    extract = merchant_schema()["paths"]["/merchant/merchant/extract"]
    assert "Idempotency-Key" in {p["name"] for p in extract["post"]["parameters"]}
    assert "Idempotency-Key" not in {p["name"] for p in extract["get"]["parameters"]}


def test_the_schema_is_served_at_api_schema_even_with_a_stale_token(api):
    api.token = "stale"
    response = api.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert "/merchant/merchant/login" in response.json()["paths"]


def test_an_answer_that_the_schema_does_not_describe_fails_the_api_tests():
    # tests/conftest.ApiClient checks every answer with check_answer.
    page = {"total": 1, "list": [], "page": 1, "limit": 20}
    check_answer("GET", "/merchant/merchant/bill?page=1", JsonResponse({"code": 1, "msg": "", "data": page}))
    check_answer("GET", "/merchant/merchant/bill", JsonResponse({"code": 0, "msg": "", "data": None}))  # rejection
    wrong = {**page, "list": [{"id": "one"}]}
    with pytest.raises(AssertionError, match=re.escape("at list/0/id: 'one' is not of type 'integer'")):
        check_answer("GET", "/merchant/merchant/bill", JsonResponse({"code": 1, "msg": "", "data": wrong}))
