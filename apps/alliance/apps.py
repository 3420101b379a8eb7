from django.apps import AppConfig


class AllianceConfig(AppConfig):
    name = "apps.alliance"
    label = "alliance"
