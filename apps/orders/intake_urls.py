"""The storefront's order intake (apps.orders.intake_apis), mounted at /intake/v1/ by config/urls.py."""

from django.urls import path, re_path

from apps.core.views import api_not_found

from . import intake_apis

urlpatterns = [
    path("order/create", intake_apis.IntakeOrderCreateApi.as_view(), name="intake-order-create"),
    path("order/paid", intake_apis.IntakeOrderPaidApi.as_view(), name="intake-order-paid"),
    path("order/cancel", intake_apis.IntakeOrderCancelApi.as_view(), name="intake-order-cancel"),
    path("order/confirm", intake_apis.IntakeOrderConfirmApi.as_view(), name="intake-order-confirm"),
    path("order/refund", intake_apis.IntakeOrderRefundApi.as_view(), name="intake-order-refund"),
    path("order/review", intake_apis.IntakeReviewApi.as_view(), name="intake-order-review"),
    path("shop/visit", intake_apis.IntakeVisitApi.as_view(), name="intake-shop-visit"),
    path("shop/follow", intake_apis.IntakeFollowApi.as_view(), name="intake-shop-follow"),
    path("shop/unfollow", intake_apis.IntakeUnfollowApi.as_view(), name="intake-shop-unfollow"),
    re_path(r"^(?P<rest>.*)$", api_not_found),  # another path here answers the envelope too
]
