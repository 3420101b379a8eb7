from django.urls import path

from .apis import balance, deposits, destinations, withdrawals

urlpatterns = [
    path("merchant/getBlockchain", deposits.GetBlockchainApi.as_view(), name="wallet-get-blockchain"),
    path("merchant/recharge", deposits.RechargeApi.as_view(), name="wallet-recharge"),
    path("merchant/recharge_log", deposits.RechargeLogApi.as_view(), name="wallet-recharge-log"),
    path("merchant/extract", withdrawals.ExtractApi.as_view(), name="wallet-extract"),
    path("merchant/extract_log", withdrawals.ExtractLogApi.as_view(), name="wallet-extract-log"),
    path("merchant/extract_cancel", withdrawals.ExtractCancelApi.as_view(), name="wallet-extract-cancel"),
    path("merchant/destinations", destinations.DestinationsApi.as_view(), name="wallet-destinations"),
    path("merchant/destination_add", destinations.DestinationAddApi.as_view(), name="wallet-destination-add"),
    path("merchant/destination_remove", destinations.DestinationRemoveApi.as_view(), name="wallet-destination-remove"),
    path(
        "merchant/destination_confirm", destinations.DestinationConfirmApi.as_view(), name="wallet-destination-confirm"
    ),
    path("merchant/bill", balance.BillApi.as_view(), name="wallet-bill"),
]
