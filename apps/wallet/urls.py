from django.urls import path

from . import apis

urlpatterns = [
    path("merchant/getBlockchain", apis.GetBlockchainApi.as_view(), name="wallet-get-blockchain"),
    path("merchant/recharge", apis.RechargeApi.as_view(), name="wallet-recharge"),
    path("merchant/recharge_log", apis.RechargeLogApi.as_view(), name="wallet-recharge-log"),
    path("merchant/extract", apis.ExtractApi.as_view(), name="wallet-extract"),
    path("merchant/extract_log", apis.ExtractLogApi.as_view(), name="wallet-extract-log"),
    path("merchant/bill", apis.BillApi.as_view(), name="wallet-bill"),
    path("index/level_upgrade", apis.LevelUpgradeApi.as_view(), name="wallet-level-upgrade"),
]
