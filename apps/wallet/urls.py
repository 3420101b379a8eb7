from django.urls import path

from .apis import balance, deposits, withdrawals

urlpatterns = [
    path("merchant/getBlockchain", deposits.GetBlockchainApi.as_view(), name="wallet-get-blockchain"),
    path("merchant/recharge", deposits.RechargeApi.as_view(), name="wallet-recharge"),
    path("merchant/recharge_log", deposits.RechargeLogApi.as_view(), name="wallet-recharge-log"),
    path("merchant/extract", withdrawals.ExtractApi.as_view(), name="wallet-extract"),
    path("merchant/extract_log", withdrawals.ExtractLogApi.as_view(), name="wallet-extract-log"),
    path("merchant/extract_cancel", withdrawals.ExtractCancelApi.as_view(), name="wallet-extract-cancel"),
    path("merchant/bill", balance.BillApi.as_view(), name="wallet-bill"),
]
