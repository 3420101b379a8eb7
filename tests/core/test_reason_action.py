"""The one page a list action asks its reason on (apps.core.admin.reason_action): the selected rows in a table, the
reason's form, and a button that posts the same selection back to apply the action."""

import re

import pytest
from django.urls import reverse

from apps.accounts.constants import MerchantStatus
from tests.factories import MerchantFactory


@pytest.mark.django_db
def test_the_reason_page_lists_the_selection_and_posts_it_back(client, operator):
    client.force_login(operator)
    chosen = [MerchantFactory(status=MerchantStatus.PENDING, language="ru-RU") for _ in range(2)]
    url = reverse("admin:accounts_merchant_changelist")
    page = client.post(url, {"action": "reject", "_selected_action": [m.pk for m in chosen]}, HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    header = re.search(r"<thead>(.*?)</thead>", text, re.S).group(1)
    assert re.findall(r"<th>(.*?)</th>", header) == ["Merchant", "Status", "Language"]
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", text)
    assert rows == [(str(m), "Under review", "Русский (ru)") for m in chosen]
    posted_back = re.findall(r'name="_selected_action" value="(\d+)"', text)
    assert posted_back == [str(m.pk) for m in chosen]
    assert 'name="action" value="reject"' in text and 'name="apply"' in text
