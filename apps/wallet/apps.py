from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WalletConfig(AppConfig):
    name = "apps.wallet"
    label = "wallet"
    verbose_name = _("Wallet")

    def ready(self) -> None:
        from apps.accounts.hooks import wallet_summary

        from . import checks  # noqa: F401  (registers the settings' bounds)
        from .selectors import wallet_summary as summary

        wallet_summary.register(summary)
