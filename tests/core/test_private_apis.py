"""apps.core.private: each private API of a library the project relies on still exists and behaves as relied on, and
none is reached from anywhere else in apps/ or config/. A failure here after an upgrade names the API that changed:
adapt apps/core/private.py (or drop the use for a public API the library now offers)."""

import ast
from datetime import timedelta
from pathlib import Path

import django
import pytest
import redis
from django.core.cache.backends import redis as django_redis
from django.db import DEFAULT_DB_ALIAS, connection
from django.db.models import DateTimeField, F
from django.test import RequestFactory
from django.utils import timezone
from rest_framework.request import Request

from apps.core import private
from apps.core.apis import UploadApi
from apps.core.cache import RedisCache, RedisCacheClient
from apps.core.prepared import Param
from tests.factories import MerchantFactory

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ("apps", "config")

# Attributes with a leading underscore that Django documents as public API.
DOCUMENTED = frozenset({"_meta", "_state", "_default_manager", "_base_manager"})


def _changed(api: str, how: str) -> str:
    return f"The private API {api} (apps/core/private.py) changed: {how}"


@pytest.mark.django_db
def test_djangos_sql_compiler_compiles_a_values_read_that_answers_what_the_orm_answers():
    merchant = MerchantFactory()
    queryset = (
        type(merchant)
        .objects.filter(pk=Param("merchant"), created_at__lt=Param("now", DateTimeField()))
        .values("phone", "created_at", joined=F("created_at"))
    )
    api = "SQLCompiler (Query.get_compiler, as_sql, select, col_count, get_converters, apply_converters)"
    try:
        sql, params, names, convert = private.compiled_values(queryset, DEFAULT_DB_ALIAS)
    except (AttributeError, TypeError) as error:
        pytest.fail(_changed(api, repr(error)))
    assert names == ("phone", "created_at", "joined"), _changed("Query.values_select/annotation_select", names)
    slots = [index for index, param in enumerate(params) if isinstance(param, Param)]
    assert len(slots) == 2, _changed(api, f"the Params are not among the parameters: {params}")
    values = list(params)
    now = timezone.now() + timedelta(minutes=1)
    for index in slots:
        name = params[index].name
        value = merchant.pk if name == "merchant" else now
        values[index] = (
            value if params[index].value_field is None else DateTimeField().get_db_prep_value(value, connection)
        )
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        rows = cursor.fetchall()
    if convert is not None:
        rows = [tuple(row) for row in convert(rows)]
    expected = type(merchant).objects.filter(pk=merchant.pk).values_list("phone", "created_at", "created_at")
    assert rows == list(expected), _changed(api, f"rows {rows} are not converted as the ORM converts them")


def test_drf_spectacular_gives_the_autoschema_of_one_operation():
    api = "SchemaGenerator.create_view and AutoSchema.method"
    with private.operation_schema(UploadApi, "POST") as schema:
        assert isinstance(schema.view, UploadApi), _changed(api, f"the view is {schema.view!r}")
        assert schema.method == "POST", _changed(api, "the schema's method")
        # The @extend_schema(request=...) on post() answers only once the method is set: what the check relies on.
        request = schema.get_request_serializer()
        assert request == {"multipart/form-data": UploadApi.InputSerializer}, _changed(api, f"request {request}")


def test_djangos_redis_backend_builds_its_client_from_the_class_given_and_names_its_pool_and_serializer():
    cache = RedisCache("redis://127.0.0.1:6379/13", {})  # connects on its first command only
    client = private.redis_client(cache)
    assert type(client) is RedisCacheClient, _changed("RedisCache._class and _cache", f"the client is {client!r}")
    pool = private.redis_pool(client, True)
    assert isinstance(pool, redis.ConnectionPool), _changed("RedisCacheClient._get_connection_pool", repr(pool))
    assert private.redis_pool(client, False) is pool, _changed("RedisCacheClient._get_connection_pool", "one server")
    serializer = private.redis_serializer(client)
    # apps.core.cache.get_under relies on an integer being stored as its digits (a Lua script joins it into a key).
    assert isinstance(serializer, django_redis.RedisSerializer), _changed("RedisCacheClient._serializer", serializer)
    assert serializer.dumps(42) == 42 and serializer.loads(b"42") == 42, _changed("RedisSerializer", "integers")
    assert serializer.loads(serializer.dumps({"a": 1})) == {"a": 1}


@pytest.mark.parametrize("secure", [False, True])
def test_djangos_request_keeps_its_scheme_and_host(secure):
    django_request = RequestFactory().get("/merchant/goods/list", secure=secure, HTTP_HOST="shop.example:8443")
    expected = django_request.build_absolute_uri("/").removesuffix("/")  # the public API's answer
    for request in (django_request, Request(django_request)):
        got = private.scheme_host(request)
        assert got == expected, _changed("HttpRequest._current_scheme_host", f"{got!r}, not {expected!r}")


# --- no private API reached outside apps/core/private.py ----------------------------------------------------------


def _own_names(trees: list[ast.Module]) -> set[str]:
    """The underscored names the project defines itself: its functions, classes, variables and `self.` attributes."""
    names: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name)
                and node.value.id in ("self", "cls")
            ):
                names.add(node.attr)
            elif isinstance(node, ast.alias):
                names.add(node.asname or node.name.rpartition(".")[2])
    return {name for name in names if name.startswith("_")}


def _receiver(node: ast.Attribute) -> str:
    """ "self", "cls", "super" (`super().name`) or "" for any other object."""
    value = node.value
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super":
        return "super"
    return value.id if isinstance(value, ast.Name) and value.id in ("self", "cls") else ""


def private_uses(tree: ast.Module, own: set[str]) -> list[tuple[int, str]]:
    """(line, `.name`) of every attribute with a leading underscore that neither the project defines nor Django
    documents: a library's private API. Simple rather than complete: one reached through `self` must be defined in
    the same module (not by a library base class), one through `super()` is always a base class's. A subclass
    assigning its library base class's private attribute still passes."""
    mine = _own_names([tree])
    allowed = {"self": mine, "cls": mine, "super": set(), "": own}
    return [
        (node.lineno, f".{node.attr}")
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
        and node.attr not in DOCUMENTED
        and node.attr not in allowed[_receiver(node)]
    ]


def _sources() -> dict[Path, ast.Module]:
    return {
        path: ast.parse(path.read_text(), str(path))
        for folder in CHECKED
        for path in sorted((ROOT / folder).rglob("*.py"))
        if "migrations" not in path.parts
    }


def test_no_private_api_is_reached_outside_the_one_module():
    sources = _sources()
    own = _own_names(list(sources.values()))
    found = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path, tree in sources.items()
        if path != ROOT / "apps/core/private.py"
        for line, name in private_uses(tree, own)
    ]
    assert not found, (
        "A library's private API used outside apps/core/private.py (move it there, with a test here):\n"
        + ("\n".join(found))
    )


def test_the_check_finds_a_private_api_and_lets_the_projects_own_names_and_djangos_documented_ones_pass():
    source = (
        "def _helper(self):\n"
        "    self._cache_key = 1\n"
        "    url = request._current_scheme_host + self._cache_key\n"  # Django's: found
        "    model._default_manager.filter(pk=model._meta.pk)\n"  # documented: passes
        "    return super()._post_clean(), other._helper(), self._serializer\n"  # a base class's: found
    )
    tree = ast.parse(source)
    found = private_uses(tree, _own_names([tree]))
    assert sorted(found) == [(3, "._current_scheme_host"), (5, "._post_clean"), (5, "._serializer")]


def test_the_consoles_search_form_is_djangos_with_only_the_queues_show_all():
    """templates/admin/search_form.html copies Django's template (it has no block to extend) to make "Show all" show
    every row of a list that opens on a queue (apps.core.queues.QueueAdmin). Django's copy changed when this fails:
    copy it again and put the one change back."""
    ours = (ROOT / "templates/admin/search_form.html").read_text().splitlines()
    djangos = (Path(django.__file__).parent / "contrib/admin/templates/admin/search_form.html").read_text()
    change = "{% if cl.model_admin.queue_all_query %}{{ cl.model_admin.queue_all_query }}&amp;{% endif %}"
    assert sum(change in line for line in ours) == 1
    without = [line.replace(change, "") for line in ours if not line.startswith("{#")]
    assert without == djangos.splitlines()
