"""Demo levels (four, with rising margins and product quantities; level 1 is free: the first version of each) and
three shop express lane packages. Idempotent."""

import io
from datetime import timedelta
from decimal import Decimal
from typing import TextIO

from django.core.files.base import ContentFile
from django.utils import timezone
from PIL import Image, ImageDraw

from apps.core.models import Upload

from .models import Level, PromotionPackage

# rank, margin, product quantity, upgrade price, badge colour, names (en, zh-hans, zh-hant, ru, ko, ja, th)
LEVELS = [
    (1, "0.10", 20, "0", "#b87333", ("Bronze", "青铜", "青銅", "Бронзовый", "브론즈", "ブロンズ", "บรอนซ์")),
    (2, "0.15", 50, "100", "#a8a9ad", ("Silver", "白银", "白銀", "Серебряный", "실버", "シルバー", "ซิลเวอร์")),
    (3, "0.20", 100, "300", "#d4af37", ("Gold", "黄金", "黃金", "Золотой", "골드", "ゴールド", "โกลด์")),
    (
        4,
        "0.25",
        300,
        "800",
        "#4fc3f7",
        ("Diamond", "钻石", "鑽石", "Бриллиантовый", "다이아몬드", "ダイヤモンド", "ไดมอนด์"),
    ),
]
NAME_FIELDS = ("name_en", "name_zh_hans", "name_zh_hant", "name_ru", "name_ko", "name_ja", "name_th")
DESCRIPTION_FIELDS = tuple(field.replace("name_", "description_") for field in NAME_FIELDS)

# position, price, products, hours, names and descriptions (en, zh-hans, zh-hant, ru, ko, ja, th); found by position.
PACKAGES = [
    (
        1,
        "20.00",
        3,
        24,
        (
            "Day spotlight",
            "一日聚焦",
            "一日聚焦",
            "День в центре внимания",
            "1일 스포트라이트",
            "1日スポットライト",
            "สปอตไลต์ 1 วัน",
        ),
        (
            "3 products at the top of your shop for 24 hours.",
            "3 件商品在您的店铺中置顶 24 小时。",
            "3 件商品在您的店鋪中置頂 24 小時。",
            "3 товара в начале витрины вашего магазина на 24 часа.",
            "상품 3개를 24시간 동안 상점 맨 위에 노출합니다.",
            "3 点の商品を 24 時間、ショップの先頭に表示します。",
            "สินค้า 3 รายการอยู่บนสุดของร้านคุณเป็นเวลา 24 ชั่วโมง",
        ),
    ),
    (
        2,
        "80.00",
        10,
        168,
        (
            "Week spotlight",
            "一周聚焦",
            "一週聚焦",
            "Неделя в центре внимания",
            "1주 스포트라이트",
            "1週間スポットライト",
            "สปอตไลต์ 1 สัปดาห์",
        ),
        (
            "10 products at the top of your shop for 7 days.",
            "10 件商品在您的店铺中置顶 7 天。",
            "10 件商品在您的店鋪中置頂 7 天。",
            "10 товаров в начале витрины вашего магазина на 7 дней.",
            "상품 10개를 7일 동안 상점 맨 위에 노출합니다.",
            "10 点の商品を 7 日間、ショップの先頭に表示します。",
            "สินค้า 10 รายการอยู่บนสุดของร้านคุณเป็นเวลา 7 วัน",
        ),
    ),
    (
        3,
        "250.00",
        30,
        720,
        (
            "Month headline",
            "月度头条",
            "月度頭條",
            "Месяц на первом месте",
            "1개월 헤드라인",
            "1か月ヘッドライン",
            "พาดหัว 1 เดือน",
        ),
        (
            "30 products at the top of your shop for 30 days.",
            "30 件商品在您的店铺中置顶 30 天。",
            "30 件商品在您的店鋪中置頂 30 天。",
            "30 товаров в начале витрины вашего магазина на 30 дней.",
            "상품 30개를 30일 동안 상점 맨 위에 노출합니다.",
            "30 点の商品を 30 日間、ショップの先頭に表示します。",
            "สินค้า 30 รายการอยู่บนสุดของร้านคุณเป็นเวลา 30 วัน",
        ),
    ),
]


def _badge(rank: int, colour: str) -> bytes:
    """A round medal with one star per rank, drawn by Pillow."""
    image = Image.new("RGB", (256, 256), "#ffffff")
    draw = ImageDraw.Draw(image)
    draw.ellipse((16, 16, 240, 240), fill=colour, outline="#333333", width=6)
    draw.ellipse((48, 48, 208, 208), outline="#ffffff", width=4)
    for index in range(rank):
        x = 128 + (index - (rank - 1) / 2) * 40
        draw.regular_polygon((x, 128, 18), n_sides=5, rotation=90, fill="#ffffff")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def seed(stdout: TextIO) -> None:
    # Each level's first version, once (level terms are versions: a later change is announced in the admin, never
    # written over here).
    since = timezone.now() - timedelta(days=365)
    for rank, margin, quantity, price, colour, names in LEVELS:
        if Level.objects.filter(rank=rank).exists():
            continue
        content = _badge(rank, colour)
        badge = Upload(kind=Upload.Kind.BANNER, is_private=False, size=len(content))
        badge.file.save("badge.png", ContentFile(content), save=False)
        badge.width, badge.height = badge.file.width, badge.file.height
        badge.save()
        Level.objects.create(
            # In force since well before the demo's history (its orders and members go back about a month).
            effective_from=since,
            announced_at=since,
            rank=rank,
            image=badge,
            profit_margin=Decimal(margin),
            product_quantity=quantity,
            upgrade_price=Decimal(price),
            **dict(zip(NAME_FIELDS, names, strict=True)),
        )
    stdout.write(f"Levels: {Level.objects.count()}")
    for position, price, quantity, hours, names, descriptions in PACKAGES:
        PromotionPackage.objects.update_or_create(
            position=position,
            defaults={
                "price": Decimal(price),
                "product_quantity": quantity,
                "duration_hours": hours,
                "is_active": True,
                **dict(zip(NAME_FIELDS, names, strict=True)),
                **dict(zip(DESCRIPTION_FIELDS, descriptions, strict=True)),
            },
        )
    stdout.write(f"Promotion packages: {PromotionPackage.objects.count()}")
