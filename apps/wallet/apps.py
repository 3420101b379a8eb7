from django.apps import AppConfig


class WalletConfig(AppConfig):
    name = "apps.wallet"
    label = "wallet"
