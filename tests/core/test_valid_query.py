"""ApiView.valid_query: a query serializer built once validates every request, each in the request's own language."""

from apps.core.apiview import ApiView
from apps.core.pagination import PageInputSerializer

AFFICHE = "/merchant/merchant/affiche"
REFUSED = [
    ("en", "At most 100 records per page."),
    ("ru-RU", "Не более 100 записей на странице."),  # noqa: RUF001
    ("zh-CN", "每页最多 100 条记录。"),
    ("en", "At most 100 records per page."),
]


def test_a_bound_is_worded_in_each_request_s_language(merchant_api):
    # DRF words a bound's message once and keeps it: one serializer for every language would answer them all in the
    # language of the first request refused.
    for lang, message in REFUSED:
        merchant_api.lang = lang
        body = merchant_api.get(AFFICHE, {"limit": 101}).json()
        assert (body["code"], body["msg"]) == (0, message), lang
        assert body["data"]["errors"] == {"limit": [message]}


def test_it_answers_what_the_serializer_validates(rf):
    view = ApiView()
    for query in ({}, {"page": "3", "limit": "7"}):
        view.request = view.initialize_request(rf.get("/", query))
        built = PageInputSerializer(data=view.request.query_params)
        assert built.is_valid()
        assert view.valid_query(PageInputSerializer) == built.validated_data
