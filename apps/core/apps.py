from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "apps.core"
    label = "core"

    def ready(self) -> None:
        from . import heartbeat  # noqa: F401  (the task, and the beat's receiver of its publication)
