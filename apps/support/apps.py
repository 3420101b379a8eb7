from django.apps import AppConfig


class SupportConfig(AppConfig):
    name = "apps.support"
    label = "support"

    def ready(self) -> None:
        from apps.core.notices import notify

        from .services import notice_create

        notify.register(notice_create)
