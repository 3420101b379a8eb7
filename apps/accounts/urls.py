from django.urls import path

from . import apis

urlpatterns = [
    path("merchant/login", apis.LoginApi.as_view()),
    path("merchant/register", apis.RegisterApi.as_view()),
    path("merchant/tkregister", apis.TkRegisterApi.as_view()),
    path("merchant/resubmit", apis.ResubmitApi.as_view()),
    path("merchant/verify_code", apis.VerifyCodeApi.as_view()),
    path("merchant/third", apis.ThirdApi.as_view()),
    path("merchant/resetpwd", apis.ResetPwdApi.as_view()),
    path("merchant/send_code", apis.SendCodeApi.as_view()),
    path("merchant/logout", apis.LogoutApi.as_view()),
    path("merchant/resetPay", apis.ResetPayApi.as_view()),
    path("merchant/verify_pay", apis.VerifyPayApi.as_view()),
    path("merchant/getMerInfo", apis.GetMerInfoApi.as_view()),
    path("merchant/avatar", apis.AvatarApi.as_view()),
    path("merchant/set_language", apis.SetLanguageApi.as_view()),
    path("merchant/language_list", apis.LanguageListApi.as_view()),
]
