from django.apps import AppConfig


class SupportConfig(AppConfig):
    name = "apps.support"
    label = "support"

    def ready(self) -> None:
        from apps.core.notices import announce, notify, unread_count

        from .selectors import notice_unread_count
        from .services import broadcast_announce, notice_create

        notify.register(notice_create)
        unread_count.register(notice_unread_count)
        announce.register(broadcast_announce)
