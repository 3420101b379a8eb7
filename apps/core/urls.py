from django.urls import path

from . import apis

urlpatterns = [
    path("common/upload", apis.UploadApi.as_view()),
    path("common/file/<str:signed>", apis.private_file, name="private-file"),
    path("merchant/terms", apis.TermsApi.as_view(), name="terms"),
]
