"""The demo shop's storefront (manage.py seed_demo): a logo, a banner, a welcome message and an introduction, set
through the same services as the merchant app's shop settings, the address where buyers open it, and a demo buyer
account that follows it. Its goods, reviews, visits and other followers come from the demo data of catalog and
orders. Idempotent: a shop with a logo is left as it is, and the demo buyer is made once."""

import io
from typing import TextIO

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image, ImageDraw

from apps.accounts.models import Merchant
from apps.core.models import Upload
from apps.core.services import upload_create
from apps.shop.figures import follow
from apps.shop.services import shop_banners_update, shop_update

from .buyers import follower_key

DEMO_EMAIL = "demo@example.com"  # apps.accounts.demo
BUYER_EMAIL, BUYER_PASSWORD = "buyer@example.com", "Buyer-pass-2026"  # printed by `make run`
TEXTS = {
    "welcome_message": "Welcome! Everyday goods, shipped from our partner warehouse within two days.",
    "introduction": "Demo Store is the demo shop of this marketplace. Every order, review and visit you see here "
    "came from a buyer through the storefront.",
}


def _picture(size: tuple[int, int], draw_on) -> SimpleUploadedFile:
    image = Image.new("RGB", size, "#0b57c2")
    draw_on(ImageDraw.Draw(image), size)
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=80)
    return SimpleUploadedFile("demo.jpg", buffer.getvalue(), content_type="image/jpeg")


def _logo(draw: ImageDraw.ImageDraw, size: tuple[int, int]) -> None:
    draw.ellipse((24, 24, size[0] - 24, size[1] - 24), fill="#ffffff")
    draw.rounded_rectangle((76, 96, 180, 176), radius=10, fill="#0b57c2")
    draw.arc((98, 64, 158, 124), start=180, end=360, fill="#0b57c2", width=10)


def _banner(draw: ImageDraw.ImageDraw, size: tuple[int, int]) -> None:
    width, height = size
    for n, colour in enumerate(("#3b7de0", "#6b9ff0", "#f2b13a", "#ffffff")):
        radius = height // (2 + n)
        x = width - (n + 1) * width // 5
        draw.ellipse((x - radius, height // 2 - radius, x + radius, height // 2 + radius), fill=colour)


def seed(stdout: TextIO) -> None:
    merchant = Merchant.objects.select_related("shop").filter(email=DEMO_EMAIL).first()
    if merchant is None:
        return
    shop = merchant.shop
    if shop.logo_id is None:
        logo = upload_create(file=_picture((256, 256), _logo), kind=Upload.Kind.LOGO, owner_id=merchant.pk)
        banner = upload_create(file=_picture((1200, 400), _banner), kind=Upload.Kind.BANNER, owner_id=merchant.pk)
        shop = shop_update(merchant=merchant, texts=TEXTS, logo_key=logo.key)
        shop = shop_banners_update(merchant=merchant, store_banner_key=banner.key, ad_banner_key=None)
    if not User.objects.filter(username=BUYER_EMAIL).exists():
        buyer = User.objects.create_user(BUYER_EMAIL, BUYER_EMAIL, BUYER_PASSWORD)  # confirmed: active
        follow(merchant=merchant, buyer=follower_key(buyer))
    stdout.write(f"Storefront: the demo shop at {shop.get_absolute_url()}; demo buyer {BUYER_EMAIL}")
