from django.urls import path

from . import apis

urlpatterns = [
    path("index/coalition", apis.CoalitionApi.as_view(), name="alliance-coalition"),
]
