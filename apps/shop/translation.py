from modeltranslation.translator import TranslationOptions, register

from .models import Level, PromotionPackage


@register(Level)
class LevelTranslationOptions(TranslationOptions):
    fields = ("name",)
    required_languages = ("ru",)


@register(PromotionPackage)
class PromotionPackageTranslationOptions(TranslationOptions):
    fields = ("name", "description")
    required_languages = {"ru": ("name",)}
