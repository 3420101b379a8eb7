from django.urls import path

from .apis import center, goods
from .promotion import apis as promotion

urlpatterns = [
    path("product/hot", center.ProductHotApi.as_view(), name="product-hot"),
    path("product/category", center.CategoryListApi.as_view(), name="product-category"),
    path("product/product", center.ProductListApi.as_view(), name="product-list"),
    path("product/add", center.ProductAddApi.as_view(), name="product-add"),
    path("product/addAll", center.ProductAddAllApi.as_view(), name="product-add-all"),
    path("product/addAllHot", center.ProductAddAllHotApi.as_view(), name="product-add-all-hot"),
    path("product/manage", goods.GoodsManageApi.as_view(), name="product-manage"),
    path("product/detail", goods.ProductDetailApi.as_view(), name="product-detail"),
    path("product/setSwitch", goods.GoodsSwitchApi.as_view(), name="product-switch"),
    path("product/del", goods.GoodsRemoveApi.as_view(), name="product-remove"),
    path("index/train", promotion.TrainApi.as_view(), name="promotion-train"),
    path("index/buy_train_bill", promotion.BuyTrainBillApi.as_view(), name="promotion-bill"),
    path("index/buy_train", promotion.PromotionBuyApi.as_view(), name="promotion-buy"),
]
