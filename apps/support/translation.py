from modeltranslation.translator import TranslationOptions, register

from .models import SupportLink

# Customer support


@register(SupportLink)
class SupportLinkTranslationOptions(TranslationOptions):
    fields = ("label",)
    required_languages = ("ru",)
