from django.apps import AppConfig


class WalletConfig(AppConfig):
    name = "apps.wallet"
    label = "wallet"

    def ready(self) -> None:
        from apps.accounts.hooks import wallet_summary

        from .selectors import wallet_summary as summary

        wallet_summary.register(summary)
