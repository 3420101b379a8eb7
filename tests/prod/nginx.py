"""nginx from Debian in front of the web processes, as the production site runs it (deploy/nginx/), started by the
current user under a folder of its own: `make prod-smoke` and tests/storefront/test_purge.py."""

import contextlib
import grp
import os
import pwd
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent.parent
DEPLOY = BASE_DIR / "deploy" / "nginx"
NGINX = Path("/usr/sbin/nginx")
PURGE_MODULE = Path("/usr/lib/nginx/modules/ngx_http_cache_purge_module.so")  # libnginx-mod-http-cache-purge
MIME_TYPES = Path("/etc/nginx/mime.types")  # read only, from nginx-common


def installed() -> bool:
    return NGINX.exists() and PURGE_MODULE.exists() and MIME_TYPES.exists()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Nginx:
    """The rendered configuration of deploy/nginx/smoke.conf.template under `folder`: the site on `port`, the purge
    listener on `purge_port`, the given web processes as its upstream."""

    folder: Path
    upstreams: list[str]
    static_root: Path
    port: int = 0
    purge_port: int = 0

    def __post_init__(self) -> None:
        self.port = self.port or free_port()
        self.purge_port = self.purge_port or free_port()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def purge_url(self) -> str:
        return f"http://127.0.0.1:{self.purge_port}"

    @property
    def config(self) -> Path:
        return self.folder / "nginx.conf"

    def render(self) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        fields = {
            "PURGE_MODULE": str(PURGE_MODULE),
            "USER": _user_line(),
            "MIME_TYPES": str(MIME_TYPES),
            "FOLDER": str(self.folder),
            "DEPLOY": str(DEPLOY),
            "PORT": str(self.port),
            "PURGE_PORT": str(self.purge_port),
            "STATIC_ROOT": str(self.static_root),
            "UPSTREAM_SERVERS": "\n".join(f"        server {address} max_fails=0;" for address in self.upstreams),
        }
        text = (DEPLOY / "smoke.conf.template").read_text()
        for name, value in fields.items():
            text = text.replace(f"@{name}@", value)
        self.config.write_text(text)
        return self.config

    def argv(self) -> list[str]:
        """nginx in the foreground (`daemon off`), its prefix and error log in the folder: no root needed, nothing of
        /etc/nginx but the MIME types read."""
        return [str(NGINX), "-p", str(self.folder), "-c", str(self.config), "-e", str(self.folder / "error.log")]

    def check(self) -> None:
        done = subprocess.run([*self.argv(), "-t", "-q"], capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"nginx -t refused {self.config}:\n{done.stderr}")

    def answers(self) -> bool:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
            return True
        return False


def _user_line() -> str:
    """Started by root, nginx's workers would run as nobody, who cannot write the folder: they keep the user's."""
    if os.geteuid() != 0:
        return ""  # the workers stay the user who started nginx (the `user` directive needs root)
    return f"user {pwd.getpwuid(os.geteuid()).pw_name} {grp.getgrgid(os.getegid()).gr_name};"


@contextlib.contextmanager
def running(nginx: Nginx, seconds: float = 10) -> Iterator[Nginx]:
    """Renders, checks and starts nginx; stops it (SIGQUIT, then kill) on the way out."""
    nginx.render()
    nginx.check()
    log = (nginx.folder / "nginx.log").open("ab")
    process = subprocess.Popen(nginx.argv(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + seconds
        while not nginx.answers():
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"nginx did not start: {(nginx.folder / 'error.log').read_text(errors='replace')}")
            time.sleep(0.05)
        yield nginx
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
