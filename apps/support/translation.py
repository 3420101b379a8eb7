from modeltranslation.translator import TranslationOptions, register

from .models import Announcement, Broadcast, SupportLink


# Messages and announcements
@register(Broadcast)
class BroadcastTranslationOptions(TranslationOptions):
    fields = ("title", "content", "sender")
    required_languages = {"ru": ("title", "content")}


@register(Announcement)
class AnnouncementTranslationOptions(TranslationOptions):
    fields = ("title", "content")
    required_languages = {"ru": ("title", "content")}


# Customer support


@register(SupportLink)
class SupportLinkTranslationOptions(TranslationOptions):
    fields = ("label",)
    required_languages = ("ru",)
