"""Production caching: with the production static storage (whitenoise CompressedManifestStaticFilesStorage), content-
hashed files are served immutable for a long time, the rest briefly, and the SPA shell links the hashed entry.

No build needed: a stand-in for frontend/dist (a webpack chunk, the entry and its CSS) is collected into a
temporary STATIC_ROOT, and WhiteNoise's middleware serves it as in production."""

import io
import re

import pytest
from django.http import HttpResponse
from PIL import Image

from tests.core.static_build import collected
from tests.core.static_build import serve as serve_static

CHUNK = "app/screen-Login.0123456789.js"  # webpack's chunkFilename: [name].[contenthash:10].js


@pytest.fixture(scope="module")
def production_static(tmp_path_factory: pytest.TempPathFactory):
    files = {
        "app/main.js": "console.log('entry');" * 100,
        "app/main.css": "body{margin:0}" * 100,
        CHUNK: "console.log('chunk');" * 100,
    }
    with collected(tmp_path_factory.mktemp("static"), files) as static_root:
        yield static_root


def serve(path: str) -> HttpResponse:
    return serve_static(path, HTTP_ACCEPT_ENCODING="gzip, br")


def max_age(response: HttpResponse) -> int:
    match = re.search(r"max-age=(\d+)", response["Cache-Control"])
    assert match, response["Cache-Control"]
    return int(match.group(1))


def test_webpack_chunk_is_served_immutable_with_brotli(production_static):
    response = serve(f"/static/{CHUNK}")
    assert response.status_code == 200
    assert "immutable" in response["Cache-Control"]
    assert max_age(response) >= 365 * 24 * 3600
    assert response["Content-Encoding"] == "br"  # brotli is installed, so collectstatic wrote .br files
    assert (production_static / f"{CHUNK}.br").exists()


def test_unhashed_entry_is_not_immutable_but_its_hashed_copy_is(production_static, client):
    plain = serve("/static/app/main.js")
    assert plain.status_code == 200
    assert "immutable" not in plain["Cache-Control"]
    assert max_age(plain) <= 600

    html = client.get("/login").content.decode()
    scripts = re.findall(r'<script src="/static/(app/main\.[0-9a-f]{12}\.js)"', html)
    styles = re.findall(r'<link rel="stylesheet" href="/static/(app/main\.[0-9a-f]{12}\.css)"', html)
    assert scripts and styles, html
    for name in scripts + styles:
        hashed = serve(f"/static/{name}")
        assert hashed.status_code == 200
        assert "immutable" in hashed["Cache-Control"]
        assert max_age(hashed) >= 365 * 24 * 3600


def test_shell_allows_zoom_and_has_a_description_and_an_icon(production_static, client):
    html = client.get("/login").content.decode()
    viewport = re.search(r'<meta name="viewport" content="([^"]+)"', html)
    assert viewport and "maximum-scale" not in viewport.group(1) and "user-scalable" not in viewport.group(1)
    assert re.search(r'<meta name="description" content="[^"]{20,}"', html)
    icon = re.search(r'<link rel="icon" href="/static/(favicon\.[0-9a-f]{12}\.svg)"', html)
    assert icon, html
    assert serve(f"/static/{icon.group(1)}").status_code == 200


def test_shell_names_a_home_screen_icon_and_a_manifest_with_served_icons(production_static, client):
    html = client.get("/login").content.decode()
    touch = re.search(r'<link rel="apple-touch-icon" href="/static/(apple-touch-icon\.[0-9a-f]{12}\.png)"', html)
    assert touch, html
    assert serve(f"/static/{touch.group(1)}").status_code == 200
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html

    answer = client.get("/manifest.webmanifest")
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = answer.json()
    assert manifest["start_url"] == "/home" and manifest["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert re.fullmatch(r"/static/icon-\d+\.[0-9a-f]{12}\.png", icon["src"]), icon
        served = serve(icon["src"])
        assert served.status_code == 200 and served["Content-Type"] == "image/png"
        size = int(icon["sizes"].split("x")[0])
        assert Image.open(io.BytesIO(b"".join(served.streaming_content))).size == (size, size)
