"""`make lighthouse`: the front end as production serves it, measured by Lighthouse against the budget.

After `make build` (webpack, production mode) it collects the static files with the production storage (whitenoise's
CompressedManifestStaticFilesStorage: hashed names, .gz and .br), migrates and seeds the PostgreSQL database
`lighthouse` with the demo data (`seed_demo`, under the local settings: production refuses demo data), starts gunicorn
with production settings (DEBUG off, WhiteNoise serving the static files), and runs bench/lighthouse.mjs: Lighthouse
mobile, three runs each on /login and on /home signed in as the demo merchant, and on the demo shop's storefront page
and its first product's page, in Debian's Chromium. It prints the medians and the first-load bytes, writes
bench/results/lighthouse.md, and exits 1 when a budget is missed.

Settings (environment): LIGHTHOUSE_RUNS (3), LIGHTHOUSE_PORT (8106), LIGHTHOUSE_DATABASE_URL, LIGHTHOUSE_REDIS_URL,
CHROMIUM (/usr/bin/chromium).
"""

import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import urlopen

from .run import SECRETS, throwaway_webpush
from .server import create_database

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
STATIC_ROOT = ROOT / "static_build"

RUNS = int(os.environ.get("LIGHTHOUSE_RUNS", "3"))
HOST, PORT = "127.0.0.1", int(os.environ.get("LIGHTHOUSE_PORT", "8106"))
DATABASE_URL = os.environ.get("LIGHTHOUSE_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/lighthouse")
REDIS_URL = os.environ.get("LIGHTHOUSE_REDIS_URL", "redis://127.0.0.1:6379/14")

BUDGET_BYTES = 150 * 1024  # first load, gzipped JS + CSS, per page
BUDGET_SCORE = 95  # Lighthouse mobile performance and accessibility (the storefront: best practices and SEO too)
STOREFRONT_BUDGET_BYTES = 50 * 1024  # a storefront page's first load, gzipped HTML + CSS + JS (issue 14)


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DATABASE_URL=DATABASE_URL,
        REDIS_URL=REDIS_URL,
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        LOG_LEVEL="WARNING",
        # Plain HTTP on localhost: no redirect to https, no secure-only cookies (the rest is production).
        SECURE_SSL_REDIRECT="false",
        SECURE_COOKIES="false",
        SECURE_HSTS_SECONDS="0",
        SERVE_MEDIA="true",  # the demo's product pictures and the shop's banner, from media/
    )
    for name in SECRETS:
        env.setdefault(name, f"lighthouse-only-{name.lower()}")
    throwaway_webpush(env)
    return env


def _manage(env: dict[str, str], *command: str) -> None:
    subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True)  # noqa: S603


def _gzip_size(url: str, kind: str) -> int:
    """The size of the .gz file WhiteNoise would send for a static URL (the budget counts gzip, not brotli); a
    page's HTML, gzipped as a proxy in front of the server would send it."""
    if kind == "Document":
        with urlopen(url) as page:  # noqa: S310  # the local server's own page
            return len(gzip.compress(page.read()))
    name = urlsplit(url).path.removeprefix("/static/")
    return (STATIC_ROOT / f"{name}.gz").stat().st_size


def _median(values: list[float]) -> float:
    return statistics.median(values)


APP_SCORES = ("performance", "accessibility")
STOREFRONT_SCORES = (*APP_SCORES, "bestPractices", "seo")


def _summary(page: str, runs: list[dict]) -> dict:
    storefront = page.startswith("/s/")
    files = {f["url"]: f for f in runs[0]["files"] if storefront or f["type"] != "Document"}
    scores = STOREFRONT_SCORES if storefront else APP_SCORES
    return {
        **{score: _median([r[score] for r in runs]) for score in scores},
        "storefront": storefront,
        "lcp": _median([r["lcpMs"] for r in runs]),
        "tbt": _median([r["tbtMs"] for r in runs]),
        "fcp": _median([r["fcpMs"] for r in runs]),
        "files": len(files),
        "gzip": sum(_gzip_size(url, f["type"]) for url, f in files.items()),
        "transfer": sum(f["transferSize"] for f in files.values()),
        "failing": sorted({a for r in runs for a in r["failingAccessibility"] + r.get("failingOther", [])}),
        "perf_failing": sorted({a for r in runs for a in r["failingPerformance"]}),
        "version": runs[0]["lighthouseVersion"],
    }


def _met(s: dict) -> bool:
    if s["storefront"]:
        return min(s[score] for score in STOREFRONT_SCORES) >= BUDGET_SCORE and s["gzip"] <= STOREFRONT_BUDGET_BYTES
    return s["performance"] >= BUDGET_SCORE and s["accessibility"] >= BUDGET_SCORE and s["gzip"] <= BUDGET_BYTES


def _table(summaries: dict[str, dict]) -> tuple[str, bool]:
    app = [
        "| page | performance | accessibility | LCP ms | TBT ms | FCP ms | JS+CSS files | gzip KB | sent KB (br) "
        "| budget |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    storefront = [
        "| storefront page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | HTML+CSS+JS files "
        "| gzip KB | budget |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for page, s in summaries.items():
        verdict = "met" if _met(s) else "MISSED"
        if s["storefront"]:
            storefront.append(
                f"| {page} | {s['performance']:.0f} | {s['accessibility']:.0f} | {s['bestPractices']:.0f} "
                f"| {s['seo']:.0f} | {s['lcp']:.0f} | {s['tbt']:.0f} | {s['files']} | {s['gzip'] / 1024:.1f} "
                f"| {verdict} |"
            )
        else:
            app.append(
                f"| {page}{' (signed in)' if page == '/home' else ''} | {s['performance']:.0f} "
                f"| {s['accessibility']:.0f} | {s['lcp']:.0f} | {s['tbt']:.0f} | {s['fcp']:.0f} | {s['files']} "
                f"| {s['gzip'] / 1024:.1f} | {s['transfer'] / 1024:.1f} | {verdict} |"
            )
    return "\n".join(app) + "\n\n" + "\n".join(storefront), all(_met(s) for s in summaries.values())


def main() -> int:
    os.chdir(ROOT)
    env = _environment()
    create_database(DATABASE_URL)
    seed_env = {**env, "DJANGO_SETTINGS_MODULE": "config.settings.local", "DJANGO_DEBUG": "false"}
    _manage(seed_env, "migrate", "--noinput", "-v", "0")
    _manage(seed_env, "seed_demo", "-v", "0")
    shop = subprocess.run(
        [sys.executable, "manage.py", "storefront_url", "demo@example.com"],
        cwd=ROOT, env=seed_env, check=True, capture_output=True, text=True,
    ).stdout.strip() + "?lang=en"  # fmt: skip
    _manage(env, "collectstatic", "--noinput", "--clear", "-v", "0")
    print(f"Static files collected into {STATIC_ROOT.relative_to(ROOT)} (manifest, .gz and .br); demo data seeded")

    os.environ.update(env)  # gunicorn inherits the production settings
    from .server import gunicorn

    RESULTS.mkdir(parents=True, exist_ok=True)
    raw = RESULTS / "lighthouse.json"
    log = RESULTS / "gunicorn-lighthouse.log"
    base = f"http://{HOST}:{PORT}"
    with gunicorn(host=HOST, port=PORT, workers=2, threads=4, worker_class="gthread", log=log):
        print(f"gunicorn (production settings) on {HOST}:{PORT}; Lighthouse, {RUNS} runs per page:")
        node = shutil.which("node") or "node"
        subprocess.run(  # noqa: S603
            [node, "bench/lighthouse.mjs", "--base", base, "--runs", str(RUNS), "--out", str(raw), "--shop", shop],
            cwd=ROOT,
            env=env,
            check=True,
        )
        runs = json.loads(raw.read_text(encoding="utf-8"))
        summaries = {page: _summary(page, page_runs) for page, page_runs in runs.items()}  # pages' HTML: live
    table, met = _table(summaries)
    version = summaries["/login"]["version"]
    chromium = runs["/login"][0]["userAgent"].split("Chrome/")[-1].split(" ")[0]
    heading = (
        f"`make lighthouse` on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC: Lighthouse {version}, mobile (simulated "
        f"throttling), Chromium {chromium} headless; gunicorn with production settings, WhiteNoise serving the "
        f"collected static files (brotli to Chromium). Medians of {RUNS} runs per page; budget: performance and "
        f"accessibility >= {BUDGET_SCORE}, first load <= {BUDGET_BYTES // 1024} KB gzipped JS + CSS (the .gz size of "
        "every script and stylesheet the page loaded; 'sent' is what went over the wire). The storefront's pages: "
        f"all four categories >= {BUDGET_SCORE}, first load <= {STOREFRONT_BUDGET_BYTES // 1024} KB gzipped HTML + CSS "
        "+ JS.\n"
    )
    notes = []
    for page, s in summaries.items():
        if s["failing"]:
            notes.append(f"- {page}: audits not passed: {', '.join(s['failing'])}")
    text = heading + "\n" + table + "\n" + ("\n" + "\n".join(notes) + "\n" if notes else "")
    (RESULTS / "lighthouse.md").write_text(text, encoding="utf-8")
    print("\n" + text)
    if not met:
        print("The budget is missed.")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
