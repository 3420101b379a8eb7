import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from rest_framework.test import APIClient

from tests.factories import MerchantFactory
from tests.helpers import admin_as
from tests.openapi import check_answer


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test marked `postgres` (row locks, concurrent transactions) is skipped on SQLite."""
    if connection.vendor == "postgresql":
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL: run with DATABASE_URL=postgres://...")
    for item in items:
        if item.get_closest_marker("postgres"):
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _media_root(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")


@pytest.fixture(autouse=True)
def _clear_cache():
    # Throttle counters live in the cache; every test starts with none.
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _english_outside_requests():
    """Services called directly by a test speak English; a request speaks its `lang` header (the middleware puts
    the thread's language back afterwards, so no test depends on the one before)."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture
def api():
    """An API client that speaks like the app: JSON, with `lang` (default en) and `token` headers."""
    return ApiClient()


class ApiClient(APIClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.lang = "en"
        self.token: str | None = None

    def _headers(self, extra):
        headers = {"HTTP_LANG": self.lang} if self.lang else {}
        if self.token:
            headers["HTTP_TOKEN"] = self.token
        headers.update(extra)
        return headers

    def get(self, path, data=None, **extra):
        response = super().get(path, data, **self._headers(extra))
        check_answer("GET", path, response)  # every success answer must match the OpenAPI schema
        return response

    def post(self, path, data=None, format="json", **extra):
        response = super().post(path, data, format=format, **self._headers(extra))
        check_answer("POST", path, response)
        return response

    def login_as(self, merchant) -> "ApiClient":
        from apps.accounts.services import session_create

        self.token = session_create(merchant=merchant)
        return self


@pytest.fixture
def merchant(db):
    return MerchantFactory()


@pytest.fixture
def other_merchant(db):
    return MerchantFactory()


@pytest.fixture
def merchant_api(api, merchant):
    return api.login_as(merchant)


@pytest.fixture
def operator(db, django_user_model):
    return django_user_model.objects.create_superuser("operator", "operator@example.com", "Operator-pass-2026")


@pytest.fixture
def admin_user(operator):
    """pytest-django's `admin_client` signs in as the operators' superuser (`operator`)."""
    return operator


@pytest.fixture
def admin_client(client, admin_user):
    """The operators' console signed in as `admin_user`, in English (tests.helpers.admin_as)."""
    return admin_as(client, admin_user)


@pytest.fixture
def migrate_to(transactional_db):
    """For a data migration's test: `apps = migrate_to([("app", "0003_x")])` moves the database to those migrations
    and gives their historical models; afterwards every migration is applied again (the tests after this one, on the
    same worker and database, need the latest schema)."""

    def migrate(targets):
        executor = MigrationExecutor(connection)
        executor.migrate(targets)
        return executor.loader.project_state(targets).apps

    yield migrate
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
