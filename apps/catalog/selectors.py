from collections.abc import Iterable

from django.db.models import Count, Prefetch, Q, QuerySet

from apps.accounts.models import Merchant
from apps.core.errors import AppError, ErrorCode
from apps.shop.selectors import level_terms

from .filters import GoodsFilter, ProductFilter
from .models import Category, Product, ProductImage, ShopGoods
from .pricing import prices_for
from .texts import product_missing


def priced(products: Iterable[Product], *, merchant: Merchant) -> list[Product]:
    """The priced read model: each product with `prices` (pricing.prices_for) at the merchant's level."""
    margin, _limit = level_terms(merchant=merchant)
    items = list(products)
    for product in items:
        product.prices = prices_for(retail=product.retail_price, margin=margin)  # type: ignore[attr-defined]
    return items


def _images() -> Prefetch:
    return Prefetch("images", queryset=ProductImage.objects.order_by("position", "id"))


def category_list() -> QuerySet[Category]:
    return Category.objects.filter(is_active=True).annotate(
        product_count=Count("products", filter=Q(products__is_active=True))
    )


def product_filter(*, category_id: int | None = None, keyword: str = "", hot: bool | None = None) -> QuerySet[Product]:
    """Active products of the distribution center matching the filter, newest first (ids only: no images)."""
    qs = Product.objects.filter(is_active=True, category__is_active=True)
    return ProductFilter({"category": category_id, "keyword": keyword, "hot": hot}, queryset=qs).qs.order_by("-id")


def product_list(*, category_id: int | None = None, keyword: str = "") -> QuerySet[Product]:
    return product_filter(category_id=category_id, keyword=keyword).prefetch_related(_images())


def shop_room(*, merchant: Merchant) -> tuple[int, int]:
    """(products in the shop, the most the merchant's level allows): the distribution center says when it is full
    before the merchant asks to distribute more."""
    _margin, quantity = level_terms(merchant=merchant)
    return ShopGoods.objects.filter(merchant=merchant).count(), quantity


def product_ids_in_shop(*, merchant: Merchant, product_ids: list[int]) -> set[int]:
    return set(
        ShopGoods.objects.filter(merchant=merchant, product_id__in=product_ids).values_list("product_id", flat=True)
    )


def goods_list(*, merchant: Merchant, tab: str = "all") -> QuerySet[ShopGoods]:
    qs = GoodsFilter({"tab": tab}, queryset=ShopGoods.objects.filter(merchant=merchant)).qs
    return qs.select_related("product").prefetch_related(Prefetch("product__images", ProductImage.objects.all()))


def goods_hot_list(*, merchant: Merchant) -> QuerySet[ShopGoods]:
    """The shop's best sellers: most sales, then most clicks."""
    return goods_list(merchant=merchant).order_by("-sales", "-clicks", "-id")


def goods_get(*, merchant: Merchant, goods_id: int) -> ShopGoods:
    """One listing of this merchant; another merchant's answers exactly like a missing one."""
    goods = goods_list(merchant=merchant).filter(pk=goods_id).first()
    if goods is None:
        raise AppError(product_missing(), ErrorCode.NOT_FOUND)
    return goods


def product_get(*, product_id: int) -> Product:
    product = product_filter().filter(pk=product_id).select_related("category").prefetch_related(_images()).first()
    if product is None:
        raise AppError(product_missing(), ErrorCode.NOT_FOUND)
    return product


def goods_of_product(*, merchant: Merchant, product: Product) -> ShopGoods | None:
    """The merchant's listing of `product`, if the shop has it."""
    return ShopGoods.objects.filter(merchant=merchant, product=product).first()
