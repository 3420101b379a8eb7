from django.urls import path

from . import apis

urlpatterns = [
    path("product/hot", apis.ProductHotApi.as_view(), name="product-hot"),
    path("product/category", apis.CategoryListApi.as_view(), name="product-category"),
    path("product/product", apis.ProductListApi.as_view(), name="product-list"),
    path("product/add", apis.ProductAddApi.as_view(), name="product-add"),
    path("product/addAll", apis.ProductAddAllApi.as_view(), name="product-add-all"),
    path("product/addAllHot", apis.ProductAddAllHotApi.as_view(), name="product-add-all-hot"),
    path("product/manage", apis.GoodsManageApi.as_view(), name="product-manage"),
    path("product/detail", apis.ProductDetailApi.as_view(), name="product-detail"),
    path("product/setSwitch", apis.GoodsSwitchApi.as_view(), name="product-switch"),
    path("product/del", apis.GoodsRemoveApi.as_view(), name="product-remove"),
]
