from django.urls import path

from . import apis

urlpatterns = [
    # Messages and announcements
    path("index/notice", apis.NoticeListApi.as_view(), name="support-notice-list"),
    path("index/see_notice", apis.NoticeSeeApi.as_view(), name="support-notice-see"),
    path("merchant/affiche", apis.AfficheApi.as_view(), name="support-affiche"),
]
