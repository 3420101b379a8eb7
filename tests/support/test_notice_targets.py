"""Issue 34, items 10 and 12: "mark all read"; a message about an order, a refund request, a deposit or a withdrawal
names it (kind and id) so the app opens it; amounts in messages are written in the reader's money format."""

from apps.orders import services as order_services
from apps.support.models import Notice
from apps.wallet.models import Deposit
from tests.answers import data
from tests.factories import DEFAULT_PAY_PASSWORD, fund, place_order

LIST = "/merchant/index/notice"
SEE = "/merchant/index/see_notice"
SEE_ALL = "/merchant/index/see_all_notices"


def test_mark_all_read_marks_only_the_merchant_s_messages(merchant, merchant_api, other_merchant):
    fund(merchant, "30")
    fund(other_merchant, "30")
    place_order(merchant)
    assert data(merchant_api.get(LIST))["unread"] == 2
    answer = data(merchant_api.post(SEE_ALL))
    assert answer == {"marked": 2, "unread": 0}
    assert data(merchant_api.get(LIST, {"is_see": "0"}))["list"] == []
    assert Notice.objects.filter(merchant=other_merchant, is_read=False).count() == 1
    assert data(merchant_api.post(SEE_ALL)) == {"marked": 0, "unread": 0}  # again: nothing more changes


def test_a_message_names_the_order_refund_or_deposit_it_is_about(merchant, merchant_api, operator):
    fund(merchant, "50")
    order = place_order(merchant)
    order_services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    refund = order_services.refund_request(order_id=order.pk, reason="Broken", goods_status="received")
    targets = {item["title"]: item["target"] for item in data(merchant_api.get(LIST))["list"]}
    deposit = Deposit.objects.get(merchant=merchant)
    assert targets == {
        "Deposit credited": {"kind": "deposit", "id": deposit.pk},
        "New order awaiting pickup": {"kind": "order", "id": order.pk},
        "Refund requested": {"kind": "refund", "id": refund.pk},
    }


def test_amounts_in_messages_are_written_in_the_reader_s_money_format(merchant, merchant_api):
    fund(merchant, "1000")
    (notice,) = Notice.objects.filter(merchant=merchant)
    assert notice.params["amount"] == "1000.00 USD"  # stored as written, shown in each reader's format
    merchant_api.lang = "en"
    assert "$1,000.00 was added to your balance." in data(merchant_api.post(SEE, {"id": notice.pk}))["content"]
    merchant_api.lang = "ru-RU"
    content = data(merchant_api.post(SEE, {"id": notice.pk}))["content"]
    assert "1\xa0000,00\xa0$" in content and "USD" not in content
