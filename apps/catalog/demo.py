"""Demo catalogue: 8 categories and 80 products with texts in the seven languages and pictures drawn by Pillow.

The texts live in demo_catalog.json. Idempotent: categories are found by their English name, products by SKU;
pictures are drawn only once.
"""

import colorsys
import io
import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import TextIO

from PIL import Image, ImageDraw

from .models import Category, Product
from .services import product_image_add

LANGS = ("en", "zh_hans", "zh_hant", "ru", "ko", "ja", "th")
Draw = ImageDraw.ImageDraw
Box = tuple[str, str]  # fill, outline


def _phone(d: Draw, c: Box) -> None:
    d.rounded_rectangle((200, 90, 400, 510), radius=36, fill=c[0], outline=c[1], width=8)
    d.rounded_rectangle((225, 135, 375, 440), radius=10, fill="#f5f7fa")
    d.ellipse((282, 455, 318, 491), fill="#f5f7fa")


def _shirt(d: Draw, c: Box) -> None:
    d.polygon(
        [(220, 110), (380, 110), (500, 200), (450, 270), (410, 240), (410, 500), (190, 500), (190, 240), (150, 270),
         (100, 200)],
        fill=c[0], outline=c[1], width=8,
    )  # fmt: skip
    d.arc((255, 80, 345, 160), 0, 180, fill=c[1], width=8)


def _shoe(d: Draw, c: Box) -> None:
    d.polygon(
        [(110, 250), (250, 250), (330, 330), (490, 360), (500, 420), (110, 420)], fill=c[0], outline=c[1], width=8
    )
    d.rectangle((100, 420, 510, 460), fill=c[1])
    for x in (260, 290, 320):
        d.line((x, 280, x + 30, 300), fill="#ffffff", width=6)


def _mug(d: Draw, c: Box) -> None:
    d.arc((360, 240, 480, 400), -90, 90, fill=c[1], width=22)
    d.rounded_rectangle((150, 200, 400, 480), radius=24, fill=c[0], outline=c[1], width=8)
    for x in (210, 270, 330):
        d.arc((x - 20, 90, x + 20, 180), 90, 270, fill=c[1], width=6)


def _bottle(d: Draw, c: Box) -> None:
    d.rectangle((265, 90, 335, 170), fill=c[1])
    d.rounded_rectangle((200, 170, 400, 500), radius=40, fill=c[0], outline=c[1], width=8)
    d.rectangle((230, 280, 370, 380), fill="#ffffff")


def _ball(d: Draw, c: Box) -> None:
    d.ellipse((130, 130, 470, 470), fill=c[0], outline=c[1], width=8)
    d.regular_polygon((300, 300, 70), n_sides=5, fill=c[1])
    for angle in range(5):
        x, y = [(300, 160), (435, 258), (383, 418), (217, 418), (165, 258)][angle]
        d.line((300, 300, x, y), fill=c[1], width=6)


def _blocks(d: Draw, c: Box) -> None:
    d.rectangle((140, 330, 290, 480), fill=c[0], outline=c[1], width=8)
    d.rectangle((310, 330, 460, 480), fill="#ffd54f", outline=c[1], width=8)
    d.rectangle((225, 170, 375, 320), fill="#81c784", outline=c[1], width=8)


def _bag(d: Draw, c: Box) -> None:
    d.arc((220, 100, 380, 280), 180, 360, fill=c[1], width=18)
    d.rounded_rectangle((140, 190, 460, 490), radius=30, fill=c[0], outline=c[1], width=8)
    d.rectangle((270, 250, 330, 290), fill="#ffd54f")


PICTOGRAMS: dict[str, Callable[[Draw, Box], None]] = {
    "phone": _phone,
    "shirt": _shirt,
    "shoe": _shoe,
    "mug": _mug,
    "bottle": _bottle,
    "ball": _ball,
    "blocks": _blocks,
    "bag": _bag,
}
# Categories with names, a description template ({title}) and products (retail price, titles), per language.
CATALOG_FILE = Path(__file__).with_name("demo_catalog.json")


def _hex(rgb: tuple[float, float, float]) -> str:
    red, green, blue = (int(value * 255) for value in rgb)
    return f"#{red:02x}{green:02x}{blue:02x}"


def _picture(pictogram: str, hue: float, index: int) -> bytes:
    """A 600 x 600 pictogram of the category, in a colour of its own for each product."""
    tint = (hue + index * 0.035) % 1.0
    image = Image.new("RGB", (600, 600), _hex(colorsys.hls_to_rgb(tint, 0.95, 0.5)))
    colours = (_hex(colorsys.hls_to_rgb(tint, 0.55, 0.65)), _hex(colorsys.hls_to_rgb(tint, 0.25, 0.6)))
    PICTOGRAMS[pictogram](ImageDraw.Draw(image), colours)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def seed(stdout: TextIO) -> None:
    drawn = 0
    catalog = json.loads(CATALOG_FILE.read_text(encoding="utf-8"))
    for position, entry in enumerate(catalog):
        category, _created = Category.objects.update_or_create(
            name_en=entry["name"]["en"],
            defaults={"position": position, **{f"name_{lang}": entry["name"][lang] for lang in LANGS}},
        )
        for index, item in enumerate(entry["products"]):
            texts: dict[str, str] = {}
            for lang in LANGS:
                texts[f"title_{lang}"] = item["title"][lang]
                texts[f"description_{lang}"] = entry["description"][lang].format(title=item["title"][lang])
            product, _created = Product.objects.update_or_create(
                sku=f"DEMO-{position + 1}{index + 1:02d}",
                defaults={
                    "category": category,
                    "retail_price": Decimal(item["price"]),
                    "stock": 20 + (position * 131 + index * 57) % 480,
                    "is_hot": index in (0, 3, 6),
                    **texts,
                },
            )
            if not product.images.exists():
                product_image_add(product=product, content=_picture(entry["pictogram"], entry["hue"], index))
                drawn += 1
    stdout.write(
        f"Catalogue: {Category.objects.count()} categories, {Product.objects.count()} products ({drawn} drawn)"
    )
