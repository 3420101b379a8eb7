from django.urls import path

from .apis import contact, history, passkeys, passwords, profile, registration, signin

urlpatterns = [
    path("merchant/login", signin.LoginApi.as_view()),
    path("merchant/register", registration.RegisterApi.as_view()),
    path("merchant/tkregister", registration.TkRegisterApi.as_view()),
    path("merchant/resubmit", registration.ResubmitApi.as_view()),
    path("merchant/verify_code", registration.VerifyCodeApi.as_view()),
    path("merchant/third", signin.ThirdApi.as_view()),
    path("merchant/resetpwd", passwords.ResetPwdApi.as_view()),
    path("merchant/send_code", passwords.SendCodeApi.as_view()),
    path("merchant/logout", signin.LogoutApi.as_view()),
    path("merchant/resetPay", passwords.ResetPayApi.as_view()),
    path("merchant/verify_pay", passwords.VerifyPayApi.as_view()),
    path("merchant/getMerInfo", profile.GetMerInfoApi.as_view()),
    path("merchant/avatar", profile.AvatarApi.as_view()),
    path("merchant/set_language", profile.SetLanguageApi.as_view()),
    path("merchant/time_zone", profile.TimeZoneApi.as_view()),
    path("merchant/language_list", profile.LanguageListApi.as_view()),
    path("merchant/operator_actions", history.OperatorActionListApi.as_view()),
    path("merchant/send_contact_code", contact.SendContactCodeApi.as_view()),
    path("merchant/change_contact", contact.ChangeContactApi.as_view()),
    path("merchant/recovery", contact.RecoveryApi.as_view()),
    path("merchant/cancel_recovery", contact.CancelRecoveryApi.as_view()),
    path("merchant/passkeys", passkeys.PasskeyListApi.as_view()),
    path("merchant/passkey_options", passkeys.PasskeyOptionsApi.as_view()),
    path("merchant/passkey_add", passkeys.PasskeyAddApi.as_view()),
    path("merchant/passkey_remove", passkeys.PasskeyRemoveApi.as_view()),
    path("merchant/passkey_verify_options", passkeys.PasskeyVerifyOptionsApi.as_view()),
    path("merchant/login_passkey_options", passkeys.LoginPasskeyOptionsApi.as_view()),
    path("merchant/login_passkey", passkeys.LoginPasskeyApi.as_view()),
]
