# ruff: noqa: RUF001 - texts in the seven languages
"""Demo messages (manage.py seed_demo): a platform announcement and a broadcast sent to the demo merchant, in the
seven languages, so the demo merchant has read and unread messages and Home shows a notice bar. Idempotent."""

from collections.abc import Mapping, Sequence
from typing import TextIO, TypedDict

from django.contrib.auth import get_user_model

from apps.accounts.models import Merchant

from . import services
from .constants import BroadcastAudience, BroadcastStatus, NoticeType, SupportLinkKind
from .models import Announcement, Broadcast, Conversation, Notice, SupportLink
from .services import broadcast_deliver

DEMO_EMAIL = "demo@example.com"
LANGS = ("en", "zh_hans", "zh_hant", "ru", "ko", "ja", "th")

# Messages and announcements
ANNOUNCEMENT: dict[str, tuple[str, ...]] = {  # in LANGS' order
    "title": (
        "Holiday shipping schedule",
        "节假日发货安排",
        "節假日出貨安排",
        "График доставки в праздники",
        "연휴 배송 일정",
        "休日の発送スケジュール",
        "ตารางการจัดส่งช่วงวันหยุด",
    ),
    "content": (
        "From December 24 to January 2, orders picked up are shipped within 3 working days. Settlement and "
        "withdrawals run as usual.",
        "12月24日至1月2日期间，已提货的订单将在3个工作日内发货。结算和提现照常进行。",
        "12月24日至1月2日期間，已提貨的訂單將在3個工作天內出貨。結算和提領照常進行。",
        "С 24 декабря по 2 января выкупленные заказы отправляются в течение 3 рабочих дней. Расчёты и вывод "
        "средств работают как обычно.",
        "12월 24일부터 1월 2일까지 픽업한 주문은 영업일 기준 3일 이내에 발송됩니다. 정산과 출금은 평소와 같습니다.",
        "12月24日から1月2日まで、引き取り済みの注文は3営業日以内に発送されます。精算と出金は通常どおりです。",
        "ตั้งแต่วันที่ 24 ธันวาคมถึง 2 มกราคม คำสั่งซื้อที่รับแล้วจะจัดส่งภายใน 3 วันทำการ การชำระบัญชีและการถอนเงินเป็นไปตามปกติ",
    ),
}


class _DemoBroadcast(TypedDict):
    title: tuple[str, ...]  # in LANGS' order
    content: tuple[str, ...]
    sender: tuple[str, ...]
    read: bool  # whether the demo merchant has read it


BROADCASTS: list[_DemoBroadcast] = [
    {
        "title": (
            "Welcome to the marketplace",
            "欢迎来到平台",
            "歡迎來到平台",
            "Добро пожаловать на площадку",
            "마켓플레이스에 오신 것을 환영합니다",
            "マーケットプレイスへようこそ",
            "ยินดีต้อนรับสู่ตลาดของเรา",
        ),
        "content": (
            "Add products from the distribution center to your shop, pick up the orders buyers place, and withdraw "
            "your earnings at any time.",
            "从分销中心将商品添加到您的店铺，提货买家下的订单，并随时提现您的收益。",
            "從分銷中心將商品加入您的商店，提貨買家下的訂單，並隨時提領您的收益。",
            "Добавляйте товары из центра дистрибуции в свой магазин, выкупайте заказы покупателей и выводите "
            "заработок в любое время.",
            "유통 센터의 상품을 상점에 추가하고, 구매자의 주문을 픽업하고, 언제든지 수익을 출금하세요.",
            "流通センターの商品をショップに追加し、購入者の注文を引き取り、収益はいつでも出金できます。",
            "เพิ่มสินค้าจากศูนย์กระจายสินค้าเข้าร้านของคุณ รับคำสั่งซื้อที่ผู้ซื้อสั่ง และถอนรายได้ได้ตลอดเวลา",
        ),
        "sender": (
            "Merchant care",
            "商家服务",
            "商家服務",
            "Служба заботы о продавцах",
            "판매자 지원",
            "販売者サポート",
            "ฝ่ายดูแลผู้ขาย",
        ),
        "read": True,
    },
    {
        "title": (
            "New products in the distribution center",
            "分销中心上新",
            "分銷中心上新",
            "Новые товары в центре дистрибуции",
            "유통 센터 신상품",
            "流通センターの新商品",
            "สินค้าใหม่ในศูนย์กระจายสินค้า",
        ),
        "content": (
            "Fifty new home and garden products are ready to distribute. Open the distribution center to add them "
            "to your shop before the holiday season.",
            "五十款家居园艺新品已可分销。打开分销中心，在节日季前将它们添加到您的店铺。",
            "五十款居家園藝新品已可分銷。打開分銷中心，在節日季前將它們加入您的商店。",
            "Пятьдесят новых товаров для дома и сада готовы к дистрибуции. Откройте центр дистрибуции и добавьте "
            "их в магазин до праздничного сезона.",
            "홈·가든 신상품 50개를 유통할 수 있습니다. 연휴 시즌 전에 유통 센터에서 상점에 추가하세요.",
            "ホーム＆ガーデンの新商品50点を流通できます。休日シーズンの前に流通センターからショップに追加しましょう。",
            "สินค้าบ้านและสวนใหม่ห้าสิบรายการพร้อมให้กระจายแล้ว เปิดศูนย์กระจายสินค้าเพื่อเพิ่มเข้าร้านก่อนช่วงเทศกาล",
        ),
        "sender": ("", "", "", "", "", "", ""),
        "read": False,
    },
]


def _translated(texts: Mapping[str, Sequence[str]]) -> dict[str, str]:
    return {
        f"{field}_{lang}": text for field, values in texts.items() for lang, text in zip(LANGS, values, strict=True)
    }


def _seed_messages(stdout: TextIO) -> None:
    texts = {field: ANNOUNCEMENT[field] for field in ("title", "content")}
    Announcement.objects.get_or_create(title_en=ANNOUNCEMENT["title"][0], defaults=_translated(texts))
    merchant = Merchant.objects.filter(email=DEMO_EMAIL).first()
    if merchant is None:
        return
    for item in BROADCASTS:
        texts = {"title": item["title"], "content": item["content"], "sender": item["sender"]}
        broadcast, created = Broadcast.objects.get_or_create(
            title_en=item["title"][0],
            defaults={**_translated(texts), "type": NoticeType.USER, "audience": BroadcastAudience.CHOSEN},
        )
        if created:
            broadcast.merchants.add(merchant)
        if broadcast.status != BroadcastStatus.SENT:
            broadcast_deliver(broadcast_id=broadcast.pk)
            if item["read"]:
                Notice.objects.filter(broadcast=broadcast, merchant=merchant).update(is_read=True)
    stdout.write("Messages: an announcement and two broadcasts to the demo merchant (one read)")


# Customer support

SUPPORT_LINKS = [
    {
        "kind": SupportLinkKind.TELEGRAM,
        "url": "https://t.me/marketplace_support_demo",
        "position": 1,
        "label_en": "Telegram support",
        "label_zh_hans": "Telegram 客服",
        "label_zh_hant": "Telegram 客服",
        "label_ru": "Поддержка в Telegram",
        "label_ko": "텔레그램 고객센터",
        "label_ja": "Telegram サポート",
        "label_th": "ฝ่ายบริการลูกค้าทาง Telegram",
    },
    {
        "kind": SupportLinkKind.WHATSAPP,
        "url": "https://wa.me/15550100200",
        "position": 2,
        "label_en": "WhatsApp support",
        "label_zh_hans": "WhatsApp 客服",
        "label_zh_hant": "WhatsApp 客服",
        "label_ru": "Поддержка в WhatsApp",
        "label_ko": "왓츠앱 고객센터",
        "label_ja": "WhatsApp サポート",
        "label_th": "ฝ่ายบริการลูกค้าทาง WhatsApp",
    },
    {
        "kind": SupportLinkKind.EMAIL,
        "url": "mailto:support@example.com",
        "position": 3,
        "label_en": "Email support",
        "label_zh_hans": "邮箱客服",
        "label_zh_hant": "郵件客服",
        "label_ru": "Поддержка по эл. почте",
        "label_ko": "이메일 고객센터",
        "label_ja": "メールサポート",
        "label_th": "ฝ่ายบริการลูกค้าทางอีเมล",
    },
]

QUESTION = "Hello! How long does delivery to Germany usually take after I pick up an order?"
ANSWER = (
    "Hello! Orders to Germany usually arrive 7 to 12 days after pickup. Every shipping step appears in the "
    "order's tracking as soon as the carrier records it."
)


def _seed_support() -> None:
    for link in SUPPORT_LINKS:
        SupportLink.objects.get_or_create(url=link["url"], defaults=link)
    merchant = Merchant.objects.filter(email=DEMO_EMAIL).first()
    operator = get_user_model().objects.filter(is_superuser=True).order_by("id").first()
    if merchant is None or Conversation.objects.filter(merchant=merchant).exists():
        return
    message = services.support_send(merchant=merchant, text=QUESTION)
    services.support_reply(conversation_id=message.conversation_id, operator=operator, text=ANSWER)


def seed(stdout: TextIO) -> None:
    _seed_messages(stdout)
    _seed_support()
