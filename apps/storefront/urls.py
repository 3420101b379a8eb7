"""The storefront's addresses (apps.storefront.views), mounted at the site's root by config/urls.py."""

from django.contrib.sitemaps.views import sitemap
from django.urls import path, re_path

from . import account_views, views
from .sitemaps import ShopSitemap

SLUG = r"(?P<slug>[-\w]{1,80})"
TOKEN = r"(?P<token>[-\w]{43})"  # secrets.token_urlsafe(32): BuyerOrder.token, a sign-up's link

urlpatterns = [
    re_path(rf"^s/{SLUG}/$", views.shop_page, name="storefront-shop"),
    re_path(rf"^s/{SLUG}/g/(?P<goods_id>\d{{1,18}})/$", views.goods_page, name="storefront-goods"),
    re_path(rf"^s/{SLUG}/session$", views.session, name="storefront-session"),
    re_path(rf"^s/{SLUG}/cart/$", views.cart_page, name="storefront-cart"),
    re_path(rf"^s/{SLUG}/cart/add$", views.cart_add, name="storefront-cart-add"),
    re_path(rf"^s/{SLUG}/checkout$", views.checkout, name="storefront-checkout"),
    re_path(rf"^s/{SLUG}/follow$", account_views.follow, name="storefront-follow"),
    re_path(rf"^o/{TOKEN}/$", views.order_page, name="storefront-order"),
    re_path(rf"^o/{TOKEN}/pay$", views.order_pay, name="storefront-order-pay"),
    re_path(rf"^o/{TOKEN}/cancel$", views.order_cancel, name="storefront-order-cancel"),
    re_path(rf"^o/{TOKEN}/(?P<step>receive|refund|rate)$", views.order_step, name="storefront-order-step"),
    path("account/", account_views.account, name="storefront-account"),
    path("account/sign-in/", account_views.sign_in, name="storefront-sign-in"),
    path("account/sign-up/", account_views.sign_up, name="storefront-sign-up"),
    path("account/sign-out", account_views.sign_out, name="storefront-sign-out"),
    re_path(rf"^account/confirm/{TOKEN}/$", account_views.confirm, name="storefront-account-confirm"),
    path("account/password/", account_views.reset, name="storefront-reset"),
    path("account/password/sent/", account_views.reset_sent, name="storefront-reset-sent"),
    re_path(
        r"^account/password/(?P<uidb64>[-\w]{1,20})/(?P<token>[-\w]{1,64})/$",
        account_views.reset_confirm,
        name="storefront-reset-confirm",
    ),
    re_path(r"^pay/webhook/(?P<provider>[a-z]{1,16})$", views.payment_webhook, name="storefront-payment-webhook"),
    re_path(r"^pay/dev/(?P<session_id>dev_[-\w]{22})/$", views.dev_payment, name="storefront-dev-payment"),
    path("sitemap.xml", sitemap, {"sitemaps": {"shops": ShopSitemap}}, name="storefront-sitemap"),
    path("robots.txt", views.robots),
    # Any other storefront address ending in "/" is not found (CommonMiddleware adds the slash to a GET without one;
    # another method without its slash is not found either: apps.core.middleware.CommonMiddleware).
    re_path(r"^(?:s|o|pay|account)/.*/$", views.not_found),
]
