from django.db import transaction

from apps.accounts.models import Merchant
from apps.core.models import Upload
from apps.core.uploads import upload_get

from .models import Level, Shop

# The shop's own texts a merchant may edit (merchant/store); anything else sent is ignored.
SHOP_TEXT_FIELDS = ("name", "phone", "address", "introduction", "welcome_message", "twitter_url", "google_url")


def _upload_or_none(*, key: str, merchant: Merchant, kind: str) -> Upload | None:
    """An upload key of this merchant; an empty key removes the picture."""
    return upload_get(key=key, merchant_id=merchant.pk, kinds=[kind]) if key else None


@transaction.atomic
def shop_open(*, merchant: Merchant, shop_name: str, shop_address: str, logo: Upload | None) -> Shop:
    """A newly registered merchant's shop, and the starting level: the version of the lowest rank in force, whose
    terms it keeps (accounts.hooks.merchant_registered)."""
    shop = Shop.objects.create(merchant=merchant, name=shop_name, logo=logo, address=shop_address, phone=merchant.phone)
    merchant.level = Level.starting()
    Merchant.objects.filter(pk=merchant.pk).update(level=merchant.level)
    return shop


@transaction.atomic
def shop_update(*, merchant: Merchant, texts: dict[str, str], logo_key: str | None = None) -> Shop:
    """Changes the given shop texts (already validated) and, when a key is given, the logo."""
    shop, _created = Shop.objects.select_for_update().get_or_create(merchant=merchant, defaults={"name": ""})
    changed = []
    for field, value in texts.items():
        if field not in SHOP_TEXT_FIELDS:
            raise ValueError(f"not a shop text: {field}")
        setattr(shop, field, value)
        changed.append(field)
    if logo_key is not None:
        shop.logo = _upload_or_none(key=logo_key, merchant=merchant, kind=Upload.Kind.LOGO)
        changed.append("logo")
    if changed:
        shop.full_clean(exclude=[f.name for f in Shop._meta.fields if f.name not in changed], validate_unique=False)
        shop.save(update_fields=[*changed, "updated_at"])
    return shop


@transaction.atomic
def shop_banners_update(*, merchant: Merchant, store_banner_key: str | None, ad_banner_key: str | None) -> Shop:
    """Sets the store banner and the advertisement banner (None: unchanged, "": removed)."""
    shop, _created = Shop.objects.select_for_update().get_or_create(merchant=merchant, defaults={"name": ""})
    changed = []
    if store_banner_key is not None:
        shop.store_banner = _upload_or_none(key=store_banner_key, merchant=merchant, kind=Upload.Kind.BANNER)
        changed.append("store_banner")
    if ad_banner_key is not None:
        shop.ad_banner = _upload_or_none(key=ad_banner_key, merchant=merchant, kind=Upload.Kind.BANNER)
        changed.append("ad_banner")
    if changed:
        shop.save(update_fields=[*changed, "updated_at"])
    return shop
