from django.urls import path

from . import apis

urlpatterns = [
    path("order/list", apis.OrderListApi.as_view(), name="orders-list"),
    path("order/detail", apis.OrderDetailApi.as_view(), name="orders-detail"),
    path("order/pick", apis.OrderPickApi.as_view(), name="orders-pick"),
    path("order/pick_batch", apis.OrderPickBatchApi.as_view(), name="orders-pick-batch"),
    path("merchant/refund_order", apis.RefundOrderApi.as_view(), name="orders-refund-list"),
]
