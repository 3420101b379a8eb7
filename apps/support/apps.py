from django.apps import AppConfig


class SupportConfig(AppConfig):
    name = "apps.support"
    label = "support"

    def ready(self) -> None:
        from apps.core.notices import notify, unread_count

        from .selectors import notice_unread_count
        from .services import notice_create

        notify.register(notice_create)
        unread_count.register(notice_unread_count)
