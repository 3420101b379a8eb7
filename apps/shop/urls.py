from django.urls import path

from .apis import LevelListApi, StoreApi, StoreBannerApi

urlpatterns = [
    path("merchant/store", StoreApi.as_view(), name="shop-store"),
    path("merchant/store_banner", StoreBannerApi.as_view(), name="shop-store-banner"),
    path("index/level", LevelListApi.as_view(), name="shop-levels"),
]
