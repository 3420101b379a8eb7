"""Demo levels: four levels with rising margins and product quantities; level 1 is free. Idempotent."""

import io
from decimal import Decimal
from typing import TextIO

from django.core.files.base import ContentFile
from PIL import Image, ImageDraw

from apps.core.models import Upload

from .models import Level

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
    for rank, margin, quantity, price, colour, names in LEVELS:
        level, _created = Level.objects.update_or_create(
            rank=rank,
            defaults={
                "profit_margin": Decimal(margin),
                "product_quantity": quantity,
                "upgrade_price": Decimal(price),
                **dict(zip(NAME_FIELDS, names, strict=True)),
            },
        )
        if level.image_id is None:
            content = _badge(rank, colour)
            badge = Upload(kind=Upload.Kind.BANNER, is_private=False, size=len(content))
            badge.file.save("badge.png", ContentFile(content), save=False)
            badge.width, badge.height = badge.file.width, badge.file.height
            badge.save()
            level.image = badge
            level.save(update_fields=["image", "updated_at"])
    stdout.write(f"Levels: {Level.objects.count()}")
