from django.db import models
from django.utils.translation import gettext_lazy as _


class NoticeType(models.IntegerChoices):
    SYSTEM = 1, _("System message")
    USER = 2, _("User notification")


# Messages and announcements
class BroadcastAudience(models.TextChoices):
    ALL = "all", _("All merchants")
    LEVEL = "level", _("Merchants of one level")
    CHOSEN = "chosen", _("Chosen merchants")


class BroadcastStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")  # saved in the admin; sent only once its Send step is confirmed
    QUEUED = "queued", _("Queued")
    SENDING = "sending", _("Sending")
    SENT = "sent", _("Sent")


# A broadcast's messages are inserted this many at a time (one read of merchant ids, then bulk inserts).
BROADCAST_BATCH = 2000
# The list's preview: the first characters of the message's content.
PREVIEW_LENGTH = 80


# Customer support


class SupportLinkKind(models.TextChoices):
    TELEGRAM = "telegram", _("Telegram")
    WHATSAPP = "whatsapp", _("WhatsApp")
    EMAIL = "email", _("Email")
    WEB = "web", _("Web page")


class MessageAuthor(models.TextChoices):
    MERCHANT = "merchant", _("Merchant")
    OPERATOR = "operator", _("Customer service")


# The schemes a support link may use: a web page over https, a Telegram link (tg:) or an e-mail address (mailto:).
# Anything else (http:, javascript:, data:, an app's own scheme) is refused by the model's validator.
SUPPORT_URL_SCHEMES = ("https", "tg", "mailto")
SUPPORT_TEXT_MAX = 1000  # characters of one support message
SUPPORT_PAGE_DEFAULT = 20  # messages of one kf_messages page
SUPPORT_PAGE_MAX = 50
SUPPORT_LINKS_MAX = 20  # get_kf_urls answers at most this many active links


# Push notifications (Web Push: apps.support.push)
PUSH_SUBSCRIPTIONS_MAX = 10  # a merchant's devices; subscribing one more drops the one subscribed longest ago
PUSH_ENDPOINT_MAX = 1000  # characters of a push service's URL (the browser's are about 200)
PUSH_P256DH_MAX = 100  # characters of the device's public key: 65 bytes, 87 in base64url
PUSH_AUTH_MAX = 50  # characters of the device's auth secret: 16 bytes, 22 in base64url
PUSH_SEND_RETRIES = 3  # a push the push service could not take (network, 5xx, 429) is tried again this many times
PUSH_FAILURES_MAX = 20  # a subscription whose pushes failed this many times in a row is dropped
PUSH_TTL_SECONDS = 24 * 3600  # how long the push service keeps a push for a device that is offline
PUSH_TIMEOUT_SECONDS = 10  # one request to the push service
PUSH_BODY_MAX = 240  # characters of the body shown (the payload must stay under the push services' 4 KB)
