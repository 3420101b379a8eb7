"""factory_boy factories shared by the tests; each app adds its own below its heading."""

import itertools
from datetime import UTC, datetime
from decimal import Decimal

import factory
from django.contrib.auth.hashers import make_password

from apps.accounts.constants import MerchantStatus
from apps.accounts.models import InvitationCode, Merchant
from apps.catalog.models import Category, Product, ShopGoods
from apps.shop.models import Level, Shop

DEFAULT_PASSWORD = "Merchant-pass-2026"
DEFAULT_PAY_PASSWORD = "135790"


# --- accounts ---
class InvitationCodeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = InvitationCode
        django_get_or_create = ("code",)

    code = "WELCOME"


class MerchantFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Merchant

    phone = factory.Sequence(lambda n: f"+1555{n:07d}")
    email = factory.Sequence(lambda n: f"merchant{n}@example.com")
    real_name = factory.Faker("name")
    country = "US"
    status = MerchantStatus.ACTIVE
    password = factory.LazyFunction(lambda: make_password(DEFAULT_PASSWORD))
    pay_password = factory.LazyFunction(lambda: make_password(DEFAULT_PAY_PASSWORD))
    invite_code = factory.Sequence(lambda n: f"INV{n:05d}")
    shop = factory.RelatedFactory("tests.factories.ShopFactory", factory_related_name="merchant")


def image_bytes(
    fmt: str = "PNG", size: tuple[int, int] = (12, 8), exif: bytes | None = None, colour: str = "#c81e1e"
) -> bytes:
    """A small real image of one colour, optionally with EXIF data (to check that uploads drop it)."""
    import io

    from PIL import Image

    out = io.BytesIO()
    extra = {"exif": exif} if exif else {}
    Image.new("RGB", size, colour).save(out, format=fmt, **extra)
    return out.getvalue()


def drawn_image(size: tuple[int, int] = (240, 240), label: str = "", colour: str = "#0f4c81") -> bytes:
    """A PNG that looks like a picture in the browser tests' screenshots (a logo, an avatar): a coloured ground, a
    disc, a label."""
    import io

    from PIL import Image, ImageDraw

    width, height = size
    side = min(size)
    picture = Image.new("RGB", size, colour)
    draw = ImageDraw.Draw(picture)
    box = ((width - side * 0.7) / 2, (height - side * 0.7) / 2, (width + side * 0.7) / 2, (height + side * 0.7) / 2)
    draw.ellipse(box, fill="#ffd54f")
    if label:
        draw.text((width / 2, height / 2), label, fill=colour, font_size=side // 4, anchor="mm")
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG")
    return buffer.getvalue()


def upload_image(*, kind: str, owner=None, fmt: str = "PNG"):
    """An Upload stored the way common/upload stores it."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from apps.core.services import upload_create

    raw = SimpleUploadedFile(f"photo.{fmt.lower()}", image_bytes(fmt), content_type=f"image/{fmt.lower()}")
    return upload_create(file=raw, kind=kind, owner_id=owner.pk if owner else None)


# --- shop ---
class ShopFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Shop

    merchant = factory.SubFactory(MerchantFactory, shop=None)
    name = factory.Sequence(lambda n: f"Shop {n}")


# Level versions of the factory are in force from this date (well before any date a test travels to), so a test that
# travels in time still finds its levels in force.
LEVELS_IN_FORCE_FROM = datetime(2020, 1, 1, tzinfo=UTC)


class LevelFactory(factory.django.DjangoModelFactory):
    """A level version; the same rank and start give the same row (a test's "level 1")."""

    class Meta:
        model = Level
        django_get_or_create = ("rank", "effective_from")

    rank = factory.Sequence(lambda n: n + 1)
    effective_from = LEVELS_IN_FORCE_FROM
    announced_at = LEVELS_IN_FORCE_FROM
    name_en = factory.LazyAttribute(lambda o: f"Level {o.rank}")
    name_ru = factory.LazyAttribute(lambda o: f"Уровень {o.rank}")
    profit_margin = Decimal("0.1000")
    product_quantity = 20
    upgrade_price = Decimal("0.00")


class PromotionPackageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "shop.PromotionPackage"

    name_en = factory.Sequence(lambda n: f"Package {n}")
    name_ru = factory.Sequence(lambda n: f"Пакет {n}")
    description_en = "Your products first."
    price = Decimal("10.00")
    product_quantity = 1
    duration_hours = 24
    position = factory.Sequence(lambda n: n + 1)


# --- catalog ---
class CategoryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Category

    name_en = factory.Sequence(lambda n: f"Category {n}")
    name_ru = factory.Sequence(lambda n: f"Категория {n}")


class ProductFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Product

    sku = factory.Sequence(lambda n: f"SKU-{n:06d}")
    category = factory.SubFactory(CategoryFactory)
    title_ru = factory.Sequence(lambda n: f"Товар {n}")
    title_en = factory.Sequence(lambda n: f"Product {n}")
    description_ru = "Описание товара."
    description_en = "A product description."
    retail_price = Decimal("19.99")
    stock = 50


class ShopGoodsFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ShopGoods

    merchant = factory.SubFactory(MerchantFactory)
    product = factory.SubFactory(ProductFactory)


# --- wallet ---
class DepositNetworkFactory(factory.django.DjangoModelFactory):
    """A network's version in force now (a first version: published terms, apps.core.terms); the version in force
    when the code already has one."""

    class Meta:
        model = "wallet.DepositNetwork"

    code = "USDT-TRC20"
    currency = "USDT"
    address_format = "tron"
    address = "TJbM8yRzQ3fxuWc7ZVd6kPq2sN4aHgE5Lt"
    minimum = Decimal("10.00")
    confirmations = 2

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        existing = model_class.objects.in_force().filter(code=kwargs["code"]).first()
        return existing or super()._create(model_class, *args, **kwargs)


class WithdrawalFeeRuleFactory(factory.django.DjangoModelFactory):
    """A version of the withdrawal rule in force now."""

    class Meta:
        model = "wallet.WithdrawalFeeRule"

    fixed_fee = Decimal("1.00")
    percent_fee = Decimal("2.00")
    minimum = Decimal("10.00")


def fund(merchant, amount) -> None:
    """Gives `merchant` real ledger money: a bank deposit approved through the services."""
    from apps.wallet import services

    deposit = services.deposit_create(
        merchant=merchant,
        method="bank",
        amount=Decimal(amount),
        payer_name="Test Payer",
        card_number="4000 1234 5678 9010",
        bank_name="Test Bank",
    )
    services.deposit_approve(deposit_id=deposit.pk, operator=None)


def staff_operator(username: str, *permissions: str):
    """A staff operator (not a superuser) holding `permissions` ("app_label.codename")."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Permission

    user = get_user_model().objects.create_user(username, f"{username}@example.com", "Operator-pass-2026")
    user.is_staff = True
    user.save()
    for permission in permissions:
        app_label, codename = permission.split(".")
        user.user_permissions.add(Permission.objects.get(content_type__app_label=app_label, codename=codename))
    return user


def adjust(merchant, amount, reason: str, *, requester, approver=None):
    """A balance adjustment as operators make it: `requester` asks, a second operator (`approver`, else a new one
    who may approve adjustments) approves; returns it, posted."""
    from apps.wallet import services

    if approver is None:
        approver = staff_operator(f"approver{next(_approvers)}", "wallet.approve_adjustment")
    request = services.adjustment_request(merchant=merchant, amount=Decimal(amount), reason=reason, operator=requester)
    return services.adjustment_approve(adjustment_id=request.pk, approver=approver)


_approvers = itertools.count(1)


# --- orders ---
_order_refs = itertools.count(1)


def place_order(
    merchant,
    *,
    quantity: int = 1,
    retail: str = "20.00",
    goods=None,
    paid: bool = True,
    ref: str = "",
    storefront_key=None,
):
    """A buyer's order in `merchant`'s shop through the services a storefront calls: one line of `goods` (a new
    listing of a new product at `retail` when not given), paid unless `paid` is False; from the external storefront
    of `storefront_key`, else from the platform's storefront."""
    from apps.orders import services

    if goods is None:
        goods = ShopGoodsFactory(merchant=merchant, product=ProductFactory(retail_price=Decimal(retail)))
    order = services.order_create(
        shop_id=merchant.shop.pk,
        external_ref=ref or f"SF-{next(_order_refs)}",
        lines=[services.LineRequest(goods_id=goods.pk, quantity=quantity)],
        ship_name="Ann Buyer",
        ship_phone="+15550001234",
        ship_address="1 Main Street, Springfield",
        ship_country="US",
        storefront_key=storefront_key,
    )
    if paid:
        order = services.order_pay(order_id=order.pk, payment_reference=f"PAY-{order.pk}")
    return order


def received_order(merchant, operator, retail: str = "20.00", *, goods=None):
    """An order of `merchant`'s shop (one unit of `goods`, or of a new product at `retail`), picked up, shipped and
    received by the buyer (settlement due 7 days later)."""
    from apps.orders import services

    fund(merchant, str(goods.product.retail_price if goods else Decimal(retail)))
    order = place_order(merchant, retail=retail, goods=goods)
    services.order_pick(merchant=merchant, order_id=order.pk, pay_password=DEFAULT_PAY_PASSWORD)
    services.order_ship(order_id=order.pk, carrier="DHL", tracking_number=f"T{order.pk}", operator=operator)
    return services.order_confirm_receipt(order_id=order.pk)
