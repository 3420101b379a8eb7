"""The service worker at /sw.js (frontend/sw, built by webpack into the static files) and what it caches: served at the
site's root so that its scope is the whole app, never cached without asking, and the shell it keeps for offline use
(/home) names the static files it needs, each served.

No build needed: a stand-in for frontend/dist/app (sw.js, the entry and its CSS) is collected into a temporary
STATIC_ROOT with the production storage, as in test_static_caching.py (tests/core/static_build.py)."""

import re

import pytest

from tests.core.static_build import collected, serve

WORKER = "self.addEventListener('fetch', () => {});"


@pytest.fixture
def production_static(tmp_path):
    files = {"app/sw.js": WORKER, "app/main.js": "console.log('entry');", "app/main.css": "body{margin:0}"}
    with collected(tmp_path, files):
        yield


def test_worker_is_served_at_the_root_as_javascript_and_never_cached_without_asking(production_static, client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"  # a new build is found on the next visit
    assert response.content.decode() == WORKER
    # At the root, its default scope is "/": no Service-Worker-Allowed header is needed to control every app route.
    assert "Service-Worker-Allowed" not in response


def test_shell_the_worker_keeps_names_only_served_static_files(production_static, client):
    """What the worker's install caches: /home's HTML and the static files it names (sw.ts, staticRefs)."""
    html = client.get("/home").content.decode()
    refs = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
    assert any(re.fullmatch(r"/static/app/main\.[0-9a-f]{12}\.js", ref) for ref in refs), refs
    assert any(re.fullmatch(r"/static/app/main\.[0-9a-f]{12}\.css", ref) for ref in refs), refs
    for ref in refs:
        assert serve(ref).status_code == 200, ref


def test_manifest_is_installable(client):
    manifest = client.get("/manifest.webmanifest").json()
    assert manifest["id"] == "/home" and manifest["start_url"] == "/home" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone" and manifest["name"] and manifest["description"]


def test_worker_not_built_is_a_missing_page(client, settings, tmp_path):
    settings.STATICFILES_DIRS = [tmp_path]
    settings.STATIC_ROOT = tmp_path
    assert client.get("/sw.js").status_code == 404
