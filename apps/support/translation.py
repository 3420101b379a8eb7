from modeltranslation.translator import TranslationOptions, register

from .models import Announcement, Broadcast, SupportLink


# Messages and announcements
@register(Broadcast)
class BroadcastTranslationOptions(TranslationOptions):
    """Written in the languages the operator chooses (at least one, BroadcastForm); a merchant reads it in their own
    language or in one the operator wrote (Broadcast.written_for), never in a language nobody chose."""

    fields = ("title", "content", "sender")
    required_languages = ()


@register(Announcement)
class AnnouncementTranslationOptions(TranslationOptions):
    fields = ("title", "content")
    required_languages = {"ru": ("title", "content")}


# Customer support


@register(SupportLink)
class SupportLinkTranslationOptions(TranslationOptions):
    fields = ("label",)
    required_languages = ("ru",)
