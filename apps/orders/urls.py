from django.urls import path

from . import apis, export_apis, report_apis

urlpatterns = [
    path("order/list", apis.OrderListApi.as_view(), name="orders-list"),
    path("order/detail", apis.OrderDetailApi.as_view(), name="orders-detail"),
    path("order/pick", apis.OrderPickApi.as_view(), name="orders-pick"),
    path("order/pick_batch", apis.OrderPickBatchApi.as_view(), name="orders-pick-batch"),
    path("merchant/refund_order", apis.RefundOrderApi.as_view(), name="orders-refund-list"),
    path("index/index", report_apis.IndexApi.as_view(), name="orders-index"),
    path("index/echart", report_apis.EchartApi.as_view(), name="orders-echart"),
    path("merchant/financial_report", report_apis.FinancialReportApi.as_view(), name="orders-financial-report"),
    path("merchant/export", export_apis.ExportApi.as_view(), name="orders-export"),
    path("merchant/export/<str:signed>", export_apis.export_download, name="orders-export-download"),
    path("merchant/credit_events", report_apis.CreditEventsApi.as_view(), name="orders-credit-events"),
]
