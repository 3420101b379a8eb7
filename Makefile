# The two commands: `make run` and `make test`. `make help` lists the rest.
SHELL := /bin/bash
.DEFAULT_GOAL := help

HOST ?= 127.0.0.1
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
MANAGE := $(PY) manage.py
PG_TEST_URL ?= postgres://postgres@127.0.0.1:5432/test
CHROMIUM ?= /usr/bin/chromium
APT_UPDATED := var/.apt-updated

.PHONY: help install build messages migrate seed run worker test lint typecheck check-i18n profile \
        test-py test-sqlite test-postgres test-frontend test-e2e fuzz bench schema schema-check clean \
        lighthouse test-budget prod-smoke soak check-clean

help: ## List the targets
	@grep -E '^[a-zA-Z_-]+:.*?## ' $(MAKEFILE_LIST) | awk 'BEGIN {FS = ":.*?## "}; {printf "  %-16s %s\n", $$1, $$2}'

# ---------- installing what is missing ----------
$(APT_UPDATED):
	@mkdir -p var
	@if [ "$$(id -u)" = 0 ]; then apt-get update -qq; else sudo apt-get update -qq; fi
	@touch $@

/usr/bin/msgfmt: | $(APT_UPDATED)
	@echo "Installing gettext (msgfmt) for the translation catalogues"
	@if [ "$$(id -u)" = 0 ]; then apt-get install -y -qq gettext >/dev/null; else sudo apt-get install -y -qq gettext >/dev/null; fi

# Chromium and the fonts the screenshots need for Chinese, Japanese, Korean and Thai.
E2E_PACKAGES := chromium fonts-noto-cjk fonts-thai-tlwg
$(CHROMIUM) /usr/share/fonts/opentype/noto /usr/share/fonts/truetype/tlwg: | $(APT_UPDATED)
	@echo "Installing Debian's $(E2E_PACKAGES) for the browser tests"
	@if [ "$$(id -u)" = 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(E2E_PACKAGES) >/dev/null; else sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(E2E_PACKAGES) >/dev/null; fi

# LibreOffice's Calc without a display: the export tests open the CSV and XLSX exports in it
# (tests/core/test_exports_libreoffice.py).
SOFFICE_PACKAGES := libreoffice-calc-nogui
/usr/bin/soffice: | $(APT_UPDATED)
	@echo "Installing Debian's $(SOFFICE_PACKAGES) for the export tests"
	@if [ "$$(id -u)" = 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SOFFICE_PACKAGES) >/dev/null; else sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SOFFICE_PACKAGES) >/dev/null; fi

# nginx from Debian with its cache-purge module, in front of the web processes in `make prod-smoke` and in
# tests/storefront/test_purge.py (deploy/nginx/).
NGINX_PACKAGES := nginx libnginx-mod-http-cache-purge
NGINX_PURGE := /usr/lib/nginx/modules/ngx_http_cache_purge_module.so
$(NGINX_PURGE): | $(APT_UPDATED)
	@echo "Installing Debian's $(NGINX_PACKAGES) for the storefront behind nginx"
	@if [ "$$(id -u)" = 0 ]; then DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(NGINX_PACKAGES) >/dev/null; else sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(NGINX_PACKAGES) >/dev/null; fi

$(VENV)/.installed: requirements.txt requirements-dev.txt
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install -q --disable-pip-version-check -r requirements-dev.txt
	@touch $@

# Exactly what the lock says (npm ci never writes it): the lock lists every platform's optional packages (esbuild,
# rollup, the resolver's bindings), so one lock installs on linux x64 (here and CI) and elsewhere.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

install: $(VENV)/.installed node_modules/.installed /usr/bin/msgfmt ## Install Python, npm and system dependencies that are missing

messages: install ## Compile the server translation catalogues (.po -> .mo)
	$(MANAGE) compilemessages --ignore=.venv --ignore=node_modules -v 0

build: install messages ## Build the React app into frontend/dist (served by Django)
	npm run --silent build

# The schema is generated in English and must have no warning (tests/core/test_schema.py checks the same).
SPECTACULAR := $(MANAGE) spectacular --lang en --validate --fail-on-warn --settings=config.settings.test

schema: install ## Regenerate the OpenAPI schema (var/schema.yaml) and the checked-in front-end types (lib/api/schema.d.ts)
	@mkdir -p var
	$(SPECTACULAR) --file var/schema.yaml
	npm run --silent schema:types

schema-check: install ## Fail when frontend/src/lib/api/schema.d.ts differs from what `make schema` generates now
	@mkdir -p var
	@$(SPECTACULAR) --file var/schema-check.yaml
	@SCHEMA_YAML=var/schema-check.yaml SCHEMA_TS=var/schema-check.d.ts npm run --silent schema:types >/dev/null
	@diff -u frontend/src/lib/api/schema.d.ts var/schema-check.d.ts | head -40; \
	diff -q frontend/src/lib/api/schema.d.ts var/schema-check.d.ts >/dev/null \
	  || { echo "frontend/src/lib/api/schema.d.ts is out of date with the API: run make schema"; exit 1; }

migrate: install
	$(MANAGE) migrate --noinput -v 0

seed: migrate ## Load the demo data (idempotent)
	$(MANAGE) seed_demo

run: build seed ## Install, build, migrate, seed, and serve on HOST:PORT with a Celery worker and beat
	@echo ""
	@echo "  Merchant app:  http://$(HOST):$(PORT)/"
	@echo "  Storefront:    $$($(MANAGE) storefront_url demo@example.com --base http://$(HOST):$(PORT))   (the demo shop: buy with the test payment page, no money moves)"
	@echo "  Operator admin: http://$(HOST):$(PORT)/admin/   (admin / Admin-pass-2026)"
	@echo "  Demo merchant: demo@example.com / Demo-pass-2026   payment password 246810"
	@echo "  Demo buyer:    buyer@example.com / Buyer-pass-2026   (storefront account; buying needs none)"
	@echo "  Invitation code: WELCOME"
	@echo ""
	@# run_worker: the Celery worker with its beat, started again if it dies (apps/core/management/commands).
	@trap 'kill 0' EXIT INT TERM; \
	$(MANAGE) run_worker & \
	$(MANAGE) runserver $(HOST):$(PORT)

worker: install ## Run only the Celery worker and beat (embedded broker), started again if it dies
	$(MANAGE) run_worker --loglevel info

# ---------- checks and tests ----------
lint: install ## ruff, the apps' import direction (import-linter, pyproject.toml) and eslint
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	npx eslint frontend/src frontend/sw

typecheck: install schema-check ## mypy, tsc --noEmit, and the generated API types up to date
	@# No incremental cache: a stale one crashed mypy (django-stubs + modeltranslation); a clean run takes seconds.
	$(VENV)/bin/mypy --cache-dir=/dev/null apps config bench
	npm run --silent typecheck

check-i18n: install ## Every message translated in all seven languages; no migration missing
	$(MANAGE) makemigrations --check --dry-run --settings=config.settings.test
	$(MANAGE) check_translations

test-sqlite: install messages /usr/bin/soffice $(NGINX_PURGE)
	$(VENV)/bin/pytest -q -m "not e2e" -n 2

test-postgres: install messages /usr/bin/soffice $(NGINX_PURGE)
	DATABASE_URL=$(PG_TEST_URL) $(VENV)/bin/pytest -q -m "not e2e" -n 2

test-py: test-sqlite test-postgres ## Python tests on SQLite and on PostgreSQL

test-frontend: install ## Front-end unit tests (vitest)
	npx vitest run

test-e2e: build $(CHROMIUM) /usr/share/fonts/opentype/noto /usr/share/fonts/truetype/tlwg ## Browser tests in Chromium at phone size (screenshots in tests/e2e/artifacts/)
	CHROMIUM=$(CHROMIUM) DJANGO_ALLOW_ASYNC_UNSAFE=true $(VENV)/bin/pytest -q -m e2e tests/e2e -p no:xdist

test: lint typecheck check-i18n test-py test-frontend test-budget test-e2e fuzz soak prod-smoke ## The whole suite (what CI runs)
	@$(MAKE) --no-print-directory check-clean

# Last in `make test`: the two commands leave the tree as they found it (what they write is ignored: var/,
# frontend/dist, the .mo files, test artifacts). On a fresh clone or in CI the tree must be clean afterwards.
check-clean: ## Fail when git sees a change or an untracked file (printed), e.g. a rewritten lock or a new artifact
	@dirty="$$(git status --porcelain)"; if [ -n "$$dirty" ]; then \
	  echo "The tree is not clean (commit the change, or ignore what a command writes):"; echo "$$dirty"; exit 1; fi

# tests/soak/run.py, about 100 seconds in all; `make soak SOAK_SECONDS=600` streams longer.
SOAK_SECONDS ?= 60
soak: install ## The make run worker with beat on the embedded broker under a stream of tasks, then killed: none lost
	$(PY) -m tests.soak.run --seconds $(SOAK_SECONDS)

# The production shape as separate processes on this machine's PostgreSQL, Redis and RabbitMQ (tests/prod/smoke.py):
# `make prod-smoke PROD_SMOKE_BROKERS="--broker redis"` for one broker.
PROD_SMOKE_BROKERS ?= --broker redis --broker rabbitmq
prod-smoke: build $(NGINX_PURGE) ## Two web processes behind nginx, two workers and a beat on real services, driven over HTTP and killed mid-task
	$(PY) -m tests.prod.smoke $(PROD_SMOKE_BROKERS)

# Schemathesis against the app's own schema (tests/fuzz/run.py): a small budget in `make test`, more on demand,
# e.g. `make fuzz FUZZ_EXAMPLES=200 FUZZ_MAX_TIME=900`.
FUZZ_EXAMPLES ?= 10
FUZZ_MAX_TIME ?= 90
fuzz: install messages ## Fuzz the merchant API from its OpenAPI schema as the demo merchant (5xx or off-schema answer fails)
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) FUZZ_MAX_TIME=$(FUZZ_MAX_TIME) $(PY) -m tests.fuzz.run

bench: build ## Benchmarks on PostgreSQL with gunicorn (see docs/performance.md)
	$(PY) -m bench.run

profile: build ## Where each hot endpoint's CPU goes under the bench load (py-spy; see docs/performance.md)
	$(PY) -m bench.profile

lighthouse: build $(CHROMIUM) ## Lighthouse (mobile) on /login and signed-in /home as production serves them; fails over budget
	CHROMIUM=$(CHROMIUM) $(PY) -m bench.lighthouse

test-budget: build ## First load of /login and /home from the build: at most 150 KB gzipped JS + CSS each (no browser)
	node bench/first-load.mjs --check

clean: ## Remove build output and the local database
	rm -rf frontend/dist static_build var db.sqlite3
