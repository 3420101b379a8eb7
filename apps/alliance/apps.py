from django.apps import AppConfig


class AllianceConfig(AppConfig):
    name = "apps.alliance"
    label = "alliance"

    def ready(self) -> None:
        from apps.orders.hooks import referral_on_settlement

        from .services import referral_reward_pay

        referral_on_settlement.register(referral_reward_pay)
