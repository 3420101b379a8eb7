"""apps.core.cached.Generation: cached reads dropped by any write to the models they come from."""

import pytest

from apps.catalog.models import Category
from apps.core.cached import Generation
from tests.factories import CategoryFactory

pytestmark = pytest.mark.django_db

PROBE = Generation("probe", watches=(Category,))


@pytest.fixture(params=["locmem", "redis"])
def backend(request, settings):
    """The tests' cache, then production's: Redis, where the token and the value are read in one script."""
    if request.param == "redis":
        settings.CACHES = {
            "default": {
                "BACKEND": "apps.core.cache.RedisCache",
                "LOCATION": "redis://127.0.0.1:6379/12",
                "KEY_PREFIX": "cached",
            }
        }
    yield
    from django.core.cache import cache

    cache.clear()


@pytest.mark.usefixtures("backend")
def test_a_value_is_computed_once_until_a_watched_model_is_written(django_capture_on_commit_callbacks):
    assert PROBE.get_or_compute("k", lambda: "first") == "first"
    assert PROBE.get_or_compute("k", lambda: "second") == "first"
    with django_capture_on_commit_callbacks(execute=False) as at_commit:
        category = CategoryFactory()
        assert PROBE.get_or_compute("k", lambda: "third") == "third"  # at once, inside the transaction
    # ...and again once the write is visible to every process: a reader that raced it cached under the old token.
    assert PROBE.get_or_compute("k", lambda: "raced") == "third"
    for callback in at_commit:
        callback()
    assert PROBE.get_or_compute("k", lambda: "after commit") == "after commit"
    category.delete()
    assert PROBE.get_or_compute("k", lambda: "after delete") == "after delete"
