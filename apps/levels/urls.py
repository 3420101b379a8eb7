from django.urls import path

from .apis import LevelListApi, LevelUpgradeApi

urlpatterns = [
    path("index/level", LevelListApi.as_view(), name="level-list"),
    path("index/level_upgrade", LevelUpgradeApi.as_view(), name="level-upgrade"),
]
