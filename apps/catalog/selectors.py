import hashlib
from datetime import datetime
from typing import Any

from django.db.models import (
    Count,
    DateTimeField,
    Exists,
    F,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
)
from django.utils import timezone
from django.utils.translation import get_language

from apps.accounts.models import Merchant
from apps.core.cached import Generation
from apps.core.errors import AppError, ErrorCode
from apps.core.prepared import Param, Prepared, params, translated, values
from apps.core.uploads import storage_url
from apps.core.writers import fields_of
from apps.levels.selectors import level_terms

from .answers import COVER, PRICED, ProductCardSerializer
from .filters import GoodsFilter, ProductFilter
from .models import Category, Product, ProductImage, ShopGoods
from .promotion.selectors import with_promotion
from .texts import product_missing

# A product card as lists show it, read as plain values (no model instances): the title in the request's language
# with modeltranslation's fallbacks, and `cover`, the storage URL of the first picture's thumbnail (None when there
# is none). The lists are the hottest reads of the app; building and serialising models cost most of them.
CARD_VALUES = tuple(name for name in fields_of(ProductCardSerializer) if name not in (*PRICED, COVER))


def _cover(product: str = "pk") -> Subquery:
    first = ProductImage.objects.filter(product=OuterRef(product)).order_by("position", "id")
    return Subquery(first.values("thumbnail")[:1])


# The distribution center's pages and the product details are the same for every merchant: they are cached per
# language until a product, picture or category is saved or deleted (apps.core.cached), with their pictures' storage
# URLs (on S3 signed for an hour: a cached one is at most the cache's 10 minutes old). Stock is not in them:
# product_marks and product_stock read it fresh.
CATALOGUE = Generation("catalogue", watches=(Category, Product, ProductImage))
PAGE_VALUES = tuple(name for name in CARD_VALUES if name != "stock")


def _cards(products: QuerySet[Product], names: tuple[str, ...]) -> QuerySet[Product, dict[str, Any]]:
    """`names` of CARD_VALUES and `cover` of the products, the title translated in SQL (`card_title`): modeltranslation
    applies its fallbacks row by row in Python, which cost a page of cards 2,000 calls."""
    fields = (name for name in names if name != "title")
    columns = products.rewrite(False)  # type: ignore[attr-defined]  # modeltranslation's queryset
    return columns.values(*fields, card_title=translated("title", Product), cover=_cover())


def _card(row: dict) -> dict:
    row["title"], row["cover"] = row.pop("card_title"), storage_url(row["cover"])
    return row


_CARDS = Prepared(lambda count: _cards(Product.objects.filter(pk__in=params("product", count)), CARD_VALUES))


def product_cards(*, product_ids: list[int]) -> dict[int, dict]:
    """The cards of `product_ids` by id (one query; inactive products too: a shop may still list them)."""
    if not product_ids:
        return {}
    rows = _CARDS.rows(len(product_ids), **values("product", product_ids))
    return {row["id"]: _card(row) for row in rows}


def product_card_page(
    *, category_id: int | None = None, keyword: str = "", page: int, limit: int
) -> tuple[int, list[dict]]:
    """(how many products match, the cards of one page without their stock): the distribution center."""

    def read() -> tuple[int, list[dict]]:
        qs = product_filter(category_id=category_id, keyword=keyword)
        start = (page - 1) * limit
        return qs.count(), [_card(row) for row in _cards(qs, PAGE_VALUES)[start : start + limit]]

    query = hashlib.sha256(repr((get_language(), category_id, keyword, page, limit)).encode()).hexdigest()
    return CATALOGUE.get_or_compute(f"page:{query}", read)


# No translated field in these: rewrite(False) skips modeltranslation's row-by-row fallback reading.
_MARKS = Prepared(
    lambda count: (
        Product.objects.rewrite(False)
        .filter(pk__in=params("product", count))
        .values(
            "pk", "stock", added=Exists(ShopGoods.objects.filter(merchant_id=Param("merchant"), product=OuterRef("pk")))
        )
    )
)
_STOCK = Prepared(lambda: Product.objects.rewrite(False).filter(pk=Param("product")).values("stock"))


def product_marks(*, merchant: Merchant, product_ids: list[int]) -> dict[int, tuple[int, bool]]:
    """{product id: (its stock now, whether the merchant's shop has it)}: one query."""
    if not product_ids:
        return {}
    rows = _MARKS.rows(len(product_ids), merchant=merchant.pk, **values("product", product_ids))
    return {row["pk"]: (row["stock"], row["added"]) for row in rows}


def category_list() -> QuerySet[Category]:
    return Category.objects.filter(is_active=True).annotate(
        product_count=Count("products", filter=Q(products__is_active=True))
    )


def product_filter(*, category_id: int | None = None, keyword: str = "", hot: bool | None = None) -> QuerySet[Product]:
    """Active products of the distribution center matching the filter, newest first (ids only: no images)."""
    qs = Product.objects.filter(is_active=True, category__is_active=True)
    return ProductFilter({"category": category_id, "keyword": keyword, "hot": hot}, queryset=qs).qs.order_by("-id")


def shop_room(*, merchant: Merchant) -> tuple[int, int]:
    """(products in the shop, the most the merchant's level allows): the distribution center says when it is full
    before the merchant asks to distribute more."""
    _margin, quantity = level_terms(merchant=merchant)
    return goods_count(merchant=merchant, tab="all"), quantity


GOODS_VALUES = ("id", "product_id", "on_shelf", "clicks", "sales", "created_at", "promoted_until", "is_promoted")
# The card of a listing's product, read with the listing (see product_cards): `card` holds it once read.
_GOODS_CARD = {f"card_{name}": F(f"product__{name}") for name in CARD_VALUES if name not in ("id", "title")}
GOODS_ORDER = {"newest": ("-created_at", "-id"), "hot": ("-sales", "-clicks", "-id")}


def _goods(merchant: Any, tab: str) -> QuerySet[ShopGoods]:
    return GoodsFilter({"tab": tab}, queryset=ShopGoods.objects.filter(merchant_id=merchant)).qs


_GOODS_TOTAL = Prepared(
    lambda tab: _goods(Param("merchant"), tab).order_by().values("merchant_id").annotate(n=Count("id")).values("n")
)
# The page's listings are chosen first and only they are looked up in the promotions: with the lookup beside the
# ORDER BY ... LIMIT, PostgreSQL ran it for every listing of the shop before keeping 20 (0.5 ms for 300).
_GOODS_PAGE = Prepared(
    lambda tab, order, start, end: (
        with_promotion(
            ShopGoods.objects.filter(
                pk__in=_goods(Param("merchant"), tab).order_by(*GOODS_ORDER[order]).values("pk")[start:end]
            ),
            Param("now", DateTimeField()),
        )
        .order_by(*GOODS_ORDER[order])
        .values(
            *GOODS_VALUES,
            **_GOODS_CARD,
            card_title=translated("title", Product, via="product__"),
            card_cover=_cover("product_id"),
        )
    )
)


def _with_card(row: dict[str, Any]) -> dict[str, Any]:
    card = {name: row.pop(f"card_{name}") for name in CARD_VALUES if name != "id"}
    row["card"] = {"id": row["product_id"], **card, "cover": storage_url(row.pop("card_cover"))}
    return row


def goods_count(*, merchant: Merchant, tab: str) -> int:
    counted = _GOODS_TOTAL.row(tab, merchant=merchant.pk)
    return counted["n"] if counted is not None else 0


def goods_page_rows(
    *, merchant: Merchant, tab: str = "all", order: str = "newest", page: int, limit: int
) -> tuple[int, list[dict[str, Any]]]:
    """(how many listings the tab has, one page of them as GOODS_VALUES rows): the shop's listings of a tab in an
    order of GOODS_ORDER (`is_promoted` / `promoted_until`: the express lane), each with its product's `card`, as
    product_cards reads it. Two queries."""
    total, start = goods_count(merchant=merchant, tab=tab), (page - 1) * limit
    if start >= total:
        return total, []
    rows = _GOODS_PAGE.rows(tab, order, start, start + limit, merchant=merchant.pk, now=timezone.now())
    return total, [_with_card(row) for row in rows]


STOREFRONT_VALUES = ("id", "product_id", "is_promoted")


def storefront_goods(
    *, merchant_id: int, category_id: int | None = None, keyword: str = "", now: datetime | None = None
) -> QuerySet[ShopGoods, dict[str, Any]]:
    """What a buyer sees of the shop (the storefront): its on-shelf goods of active products, of a category and whose
    title has `keyword` when given; the goods of a running promotion first (product.md section 8), then newest first.
    Rows of `id`, `product_id` and `is_promoted`; their cards come from product_cards."""
    qs = ShopGoods.objects.filter(merchant_id=merchant_id, on_shelf=True, product__is_active=True)
    if category_id is not None:
        qs = qs.filter(product__category_id=category_id)
    if keyword:
        qs = qs.filter(product__in=ProductFilter({"keyword": keyword}, queryset=Product.objects.all()).qs.values("pk"))
    ranked = with_promotion(qs, now).order_by(F("is_promoted").desc(), "-created_at", "-id")
    return ranked.values(*STOREFRONT_VALUES)


def storefront_categories(*, merchant_id: int) -> QuerySet[Category]:
    """The active categories the shop has on-shelf goods of, for the storefront's filter."""
    selling = ShopGoods.objects.filter(merchant_id=merchant_id, on_shelf=True, product__is_active=True)
    return Category.objects.filter(is_active=True, pk__in=selling.values("product__category_id"))


def storefront_listing(*, merchant_id: int, goods_id: int) -> dict[str, Any] | None:
    """A listing a buyer may open: on the shelf of this shop, of an active product; `id`, `product_id`,
    `is_promoted`. None otherwise."""
    listing = ShopGoods.objects.filter(pk=goods_id, merchant_id=merchant_id, on_shelf=True, product__is_active=True)
    return with_promotion(listing).values(*STOREFRONT_VALUES).first()


def storefront_products(*, merchant_id: int, goods_ids: list[int]) -> dict[int, int]:
    """Of `goods_ids`, the listings a buyer may order in this shop now (on the shelf, of an active product): goods id
    to product id, in one query."""
    on_sale = ShopGoods.objects.filter(pk__in=goods_ids, merchant_id=merchant_id, on_shelf=True)
    return dict(on_sale.filter(product__is_active=True).values_list("pk", "product_id"))


def goods_get(*, merchant: Merchant, goods_id: int) -> ShopGoods:
    """One listing of this merchant; another merchant's answers exactly like a missing one."""
    goods = ShopGoods.objects.filter(merchant=merchant, pk=goods_id).first()
    if goods is None:
        raise AppError(product_missing(), ErrorCode.NOT_FOUND)
    return goods


_DETAIL = Prepared(
    lambda: (
        product_filter()
        .rewrite(False)  # type: ignore[attr-defined]  # modeltranslation's queryset
        .filter(pk=Param("product"))
        .values(
            *(name for name in PAGE_VALUES if name != "title"),
            card_title=translated("title", Product),
            card_description=translated("description", Product),
            category_name=translated("name", Category, via="category__"),
        )
    )
)
_IMAGES = Prepared(
    lambda: (
        ProductImage.objects.filter(product_id=Param("product")).order_by("position", "id").values("image", "thumbnail")
    )
)


def product_detail(*, product_id: int) -> dict:
    """An active product as its detail shows it, the same for every merchant, cached per language until the catalogue
    changes (CATALOGUE): its card values without the stock (product_stock reads it fresh), `description`,
    `category_name` and `images`, the storage URLs of each picture and its thumbnail, in order."""

    def read() -> dict:
        product = _DETAIL.row(product=product_id)
        if product is None:
            raise AppError(product_missing(), ErrorCode.NOT_FOUND)
        pictures = _IMAGES.rows(product=product_id)
        images = [(storage_url(picture["image"]), storage_url(picture["thumbnail"])) for picture in pictures]
        title, description = product.pop("card_title"), product.pop("card_description")
        return {**product, "title": title, "description": description, "cover": images[0][1] if images else None,
                "images": images}  # fmt: skip

    return CATALOGUE.get_or_compute(f"detail:{get_language()}:{product_id}", read)


def product_stock(*, product_id: int) -> int:
    row = _STOCK.row(product=product_id)
    return row["stock"] if row is not None else 0


_LISTING = Prepared(
    lambda: ShopGoods.objects.filter(merchant_id=Param("merchant"), product_id=Param("product")).values(
        "id", "on_shelf", "clicks", "sales", "created_at"
    )
)


def goods_of_product(*, merchant: Merchant, product_id: int) -> dict[str, Any] | None:
    """The merchant's listing of the product (id, on_shelf, clicks, sales, created_at), if the shop has it."""
    return _LISTING.row(merchant=merchant.pk, product=product_id)


def storefront_page_ids(*, merchant_id: int) -> tuple[list[int], list[int]]:
    """The ids of every listing of the shop (on the shelf or not: an off-shelf one's page may still be in a cache) and
    of their products' categories, for the addresses of the shop's pages (apps.storefront.purge)."""
    goods = ShopGoods.objects.filter(merchant_id=merchant_id)
    categories = goods.order_by().values_list("product__category_id", flat=True).distinct()
    return list(goods.order_by("pk").values_list("pk", flat=True)), sorted(categories)
