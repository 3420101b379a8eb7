from django.urls import path

from . import apis

urlpatterns = [
    # Messages and announcements
    path("index/notice", apis.NoticeListApi.as_view(), name="support-notice-list"),
    path("index/see_notice", apis.NoticeSeeApi.as_view(), name="support-notice-see"),
    path("index/see_all_notices", apis.NoticeSeeAllApi.as_view(), name="support-notice-see-all"),
    path("merchant/affiche", apis.AfficheApi.as_view(), name="support-affiche"),
    # Customer support
    path("newapi/get_kf_urls", apis.KfUrlsApi.as_view(), name="support-kf-urls"),
    path("newapi/get_kf_url", apis.KfUrlApi.as_view(), name="support-kf-url"),
    path("newapi/get_kf_num", apis.KfNumApi.as_view(), name="support-kf-num"),
    path("newapi/kf_messages", apis.KfMessagesApi.as_view(), name="support-kf-messages"),
    path("newapi/kf_send", apis.KfSendApi.as_view(), name="support-kf-send"),
    # Push notifications
    path("merchant/push", apis.PushApi.as_view(), name="support-push"),
    path("merchant/push_subscribe", apis.PushSubscribeApi.as_view(), name="support-push-subscribe"),
    path("merchant/push_unsubscribe", apis.PushUnsubscribeApi.as_view(), name="support-push-unsubscribe"),
    path("merchant/push_kinds", apis.PushKindsApi.as_view(), name="support-push-kinds"),
]
