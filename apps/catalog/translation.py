from modeltranslation.translator import TranslationOptions, register

from .models import Category, Product


@register(Category)
class CategoryTranslationOptions(TranslationOptions):
    fields = ("name",)
    required_languages = ("ru",)


@register(Product)
class ProductTranslationOptions(TranslationOptions):
    fields = ("title", "description")
    required_languages = {"ru": ("title",)}
