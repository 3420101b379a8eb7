from django.urls import path

from .apis import StoreApi, StoreBannerApi

urlpatterns = [
    path("merchant/store", StoreApi.as_view(), name="shop-store"),
    path("merchant/store_banner", StoreBannerApi.as_view(), name="shop-store-banner"),
]
