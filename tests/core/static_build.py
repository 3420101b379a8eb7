"""A stand-in for frontend/dist collected as production collects it, so that tests of what the static files are and
how they are served need no build: the given files (paths below frontend/dist) are written into a temporary folder and
collected with the production storage (WhiteNoise's CompressedManifestStaticFilesStorage) into a temporary STATIC_ROOT,
served by WhiteNoise's middleware as in production."""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.http import HttpResponse
from django.test import RequestFactory, override_settings
from whitenoise.middleware import WhiteNoiseMiddleware

PRODUCTION_STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}


@contextmanager
def collected(tmp_path: Path, files: dict[str, str]) -> Iterator[Path]:
    """`files` ({path below frontend/dist: text}) collected into a STATIC_ROOT under `tmp_path`, which it yields, with
    the production storage and DEBUG off while the block runs."""
    for name, text in files.items():
        path = tmp_path / "dist" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    with override_settings(
        STATICFILES_DIRS=[tmp_path / "dist", settings.BASE_DIR / "frontend" / "public"],
        STATIC_ROOT=tmp_path / "static_build",
        STORAGES=PRODUCTION_STORAGES,
        DEBUG=False,
        WHITENOISE_AUTOREFRESH=False,
        WHITENOISE_USE_FINDERS=False,
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield tmp_path / "static_build"


def serve(path: str, **headers: str) -> HttpResponse:
    """What WhiteNoise answers for `path` (404 when it has no such file)."""
    middleware = WhiteNoiseMiddleware(lambda request: HttpResponse(status=404))
    return middleware(RequestFactory().get(path, **headers))
