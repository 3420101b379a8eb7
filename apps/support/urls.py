from django.urls import path

from . import apis

urlpatterns: list = [
    # Customer support
    path("newapi/get_kf_urls", apis.KfUrlsApi.as_view(), name="support-kf-urls"),
    path("newapi/get_kf_url", apis.KfUrlApi.as_view(), name="support-kf-url"),
    path("newapi/get_kf_num", apis.KfNumApi.as_view(), name="support-kf-num"),
    path("newapi/kf_messages", apis.KfMessagesApi.as_view(), name="support-kf-messages"),
    path("newapi/kf_send", apis.KfSendApi.as_view(), name="support-kf-send"),
]
