"""Support demo data (manage.py seed_demo). Idempotent."""

from typing import TextIO

from django.contrib.auth import get_user_model

from apps.accounts.models import Merchant

from . import services
from .constants import SupportLinkKind
from .models import Conversation, SupportLink

# Customer support

DEMO_EMAIL = "demo@example.com"  # apps.accounts.demo

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


def seed(stdout: TextIO) -> None:
    for link in SUPPORT_LINKS:
        SupportLink.objects.get_or_create(url=link["url"], defaults=link)
    merchant = Merchant.objects.filter(email=DEMO_EMAIL).first()
    operator = get_user_model().objects.filter(is_superuser=True).order_by("id").first()
    if merchant is None or Conversation.objects.filter(merchant=merchant).exists():
        return
    message = services.support_send(merchant=merchant, text=QUESTION)
    services.support_reply(conversation_id=message.conversation_id, operator=operator, text=ANSWER)
