"""The catalogue's product card as a row: its serializer is the one definition of the card (the schema, the compiled
writers of apps.core.writers) and of what the selectors read for it (CARD_VALUES)."""

from rest_framework import serializers

from apps.core.money import MoneySerializerField
from apps.core.writers import PictureField

# What a card writes that is not a column of the product: its prices at the merchant's level (apis.common.priced)
# and `cover`, the storage URL of its first picture's thumbnail (selectors).
PRICED = ("purchase_price", "profit")
COVER = "cover"


class ProductCardSerializer(serializers.Serializer):
    """A product as the merchant sees it: retail (selling) price, purchase price and profit at the merchant's level."""

    id = serializers.IntegerField()
    title = serializers.CharField()
    category_id = serializers.IntegerField()
    image = PictureField(url=True, source=COVER, read_only=True)
    retail_price = MoneySerializerField()
    purchase_price = MoneySerializerField()
    profit = MoneySerializerField()
    stock = serializers.IntegerField()
    is_hot = serializers.BooleanField()
