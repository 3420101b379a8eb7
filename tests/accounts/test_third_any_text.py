"""A partner link made of any text (non-ASCII, lone surrogates from JSON escapes) is refused like any bad link,
never a 500 (found by `make fuzz`)."""

import pytest
from rest_framework.test import APIClient

from apps.accounts.models import AuthToken

pytestmark = pytest.mark.django_db


LINK = "The sign-in link is invalid or has expired."


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('{"code": "\\u00e5\\u00ae", "mer": "p", "data": "x"}', LINK),
        ('{"code": "ab", "mer": "\\u0098\\ud973\\udc03", "data": "#O\\ud9d5\\udfc1"}', LINK),
        ('{"code": "\\ud800", "mer": "\\udfff", "data": "\\ud800"}', "Surrogate characters are not allowed: U+D800."),
    ],
)
def test_a_link_of_any_text_is_refused(body, message):
    # The raw body keeps the JSON escapes as a client sends them.
    answer = APIClient().post("/merchant/merchant/third", data=body, content_type="application/json", HTTP_LANG="en")
    assert answer.status_code == 200
    assert (answer.json()["code"], answer.json()["msg"]) == (0, message)
    assert not AuthToken.objects.exists()
