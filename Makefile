# The two commands: `make run` and `make test`. Both install what is missing on a fresh machine of this kind.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
export CARGO_TERM_COLOR := never
# A fresh clone (CI) has nothing for incremental compilation to reuse: its cache would only fill the disk.
ifeq ($(CI),true)
export CARGO_INCREMENTAL := 0
endif

RENDERER := renderer
CHROMIUM := /usr/bin/chromium

.PHONY: run test bench measure-web cluster cluster-stop load check-contract smtp-server x12-validator sshd clamd renderer-deps renderer-build build check-rust test-rust test-postgres test-fuzz test-crash test-faults test-renderer test-e2e chromium clean

## run: install, build the renderer and the server, migrate and seed, serve on http://localhost:$${PORT:-8080}
## Uploaded documents are scanned by ClamAV's clamd (scripts/ensure-clamd.sh installs and starts one); without it the
## store runs and refuses documents, saying so.
run: renderer-build
	cargo build --release -p api
	@clamd=$${CLAMD_ADDRESS:-$$(scripts/ensure-clamd.sh || echo "")}; \
	if [ -z "$$clamd" ]; then echo "clamd is not available: documents will be refused until CLAMD_ADDRESS is set" >&2; fi; \
	CLAMD_ADDRESS=$$clamd ./target/release/enroll serve

## test: every check and test (formatting, lints, engine, api on SQLite and PostgreSQL, renderer, browser journeys)
## The browser journeys keep one core busy (Chromium's renderer) and leave the other mostly idle, so once the build and
## the SQLite suite have passed they run beside the remaining stages, which use the other core: their output is
## printed whole when they end. A failure of either side fails make test.
test: check-rust test-rust check-contract chromium smtp-server x12-validator clamd renderer-build
	@logs=$$(mktemp -d); \
	( cd $(RENDERER) && if npm run e2e > $$logs/e2e 2>&1; then echo 0; else echo 1; fi > $$logs/e2e.status ) & journeys=$$!; \
	status=0; $(MAKE) --no-print-directory test-postgres test-fuzz test-crash test-faults test-renderer || status=1; \
	wait $$journeys || true; echo "---- the browser journeys (npm run e2e), run beside the stages above ----"; \
	cat $$logs/e2e; [ "$$(cat $$logs/e2e.status)" = 0 ] || status=1; rm -rf $$logs; \
	if [ $$status = 0 ]; then echo "make test: all checks passed"; else echo "make test: failed" >&2; fi; exit $$status

## bench: the benchmark (never part of make test): the server beside an axum hello-world, a 2,000-plan catalogue,
## wrk; prints the table docs/PERFORMANCE.md keeps. BENCH_ARGS="--growth --postgres --seconds 10" for more.
bench:
	@command -v wrk >/dev/null || apt-get install -y wrk
	python3 scripts/bench.py $${BENCH_ARGS:-}

## measure-web: the JavaScript each page loads and Lighthouse (mobile) on the landing page and a wizard step, against the
## release server (never part of make test; docs/PERFORMANCE.md keeps the figures)
measure-web: chromium renderer-build
	cargo build --release -p api
	scripts/measure-web.sh $${RUNS:-3}

## cluster: the production layout on this machine (never part of make test): a PostgreSQL server of its own, three
## replicas of the release server and HAProxy in front, all on loopback and free ports (scripts/cluster.sh; the
## runbook is docs/OPERATIONS.md). cluster-stop ends them; their data stays in .cluster until `scripts/cluster.sh clean`.
cluster: renderer-build
	cargo build --release -p api
	scripts/cluster.sh start

cluster-stop:
	scripts/cluster.sh stop

## load: whole journeys (browse, apply, stop at checkout, resume by code) against the cluster for a fixed time
## (scripts/load.sh: LOAD_USERS, LOAD_SECONDS; never part of make test, but a short smoke run is)
load: renderer-build
	cargo build --release -p api -p load
	scripts/load.sh

# `npm install` from the lock rather than `npm ci`: this machine's npm writes locks without the other platforms'
# optional packages (rollup's), which `npm ci` then refuses as out of sync; `npm install` installs the locked versions.
renderer-deps:
	@if [ ! -d $(RENDERER)/node_modules ] || [ $(RENDERER)/package-lock.json -nt $(RENDERER)/node_modules/.package-lock.json ]; then \
		cd $(RENDERER) && npm install --no-audit --no-fund; fi

renderer-build: renderer-deps
	cd $(RENDERER) && npm run build

# The debug server the fuzzing, the kill -9 test and the journeys start. Every debug build of make test selects the
# whole workspace with its test dependencies, so the server and its dependencies are compiled once: `cargo build -p
# api` resolves some shared dependencies' features differently (the engine's test dependencies add some) and would
# compile all of it a second time, several GB more on disk.
build:
	cargo test --workspace --no-run

# Clippy's lints (-D warnings) run inside make test's one debug build: clippy-driver is the workspace's compiler
# wrapper there, so the build the tests run is the build that is linted (every target: libraries, binaries, tests).
# A separate `cargo clippy` is a check build of every dependency of its own, which the test build cannot share: it
# took 15 minutes of a fresh clone's `make test` here, beside the build's 12. A plain `cargo test` after make test
# compiles the workspace's own crates again (the wrapper is part of their fingerprint), not the dependencies.
LINTED := test check-rust build test-rust test-postgres test-fuzz test-crash test-faults test-e2e
$(LINTED): export RUSTC_WORKSPACE_WRAPPER := $(shell rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
$(LINTED): export CLIPPY_ARGS := -D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__

check-rust:
	cargo fmt --all -- --check
	@test -n "$$RUSTC_WORKSPACE_WRAPPER" || { echo "clippy-driver is missing (rustup component add clippy)" >&2; exit 1; }
	cargo test --workspace --no-run

# The OpenAPI document the api generates (kept in api/openapi.json; `cargo test` fails when it is stale) must be a
# valid OpenAPI 3.1 document.
check-contract:
	@python3 -c "import openapi_spec_validator" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check openapi-spec-validator
	python3 -m openapi_spec_validator api/openapi.json

# Generated requests from the OpenAPI document (schemathesis), a few thousand per database: no answer may be a 5xx.
# The two databases' runs go side by side: each is one schemathesis worker, about one core, on a two-core machine
# (10 minutes one after the other, 5.5 together). Each run's output is printed whole when both have ended.
test-fuzz: build clamd
	@python3 -c "import schemathesis" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check schemathesis
	@if scripts/ensure-postgres.sh >/dev/null; then pg=postgres; \
	elif [ "$${CI:-}" = "true" ]; then echo "PostgreSQL is not available and CI=true: failing" >&2; exit 1; \
	else pg=""; echo "SKIPPED: fuzzing on PostgreSQL (PostgreSQL not available on this machine)"; fi; \
	logs=$$(mktemp -d); scripts/fuzz-api.sh sqlite >$$logs/sqlite 2>&1 & lite=$$!; \
	status=0; if [ -n "$$pg" ]; then scripts/fuzz-api.sh postgres >$$logs/postgres 2>&1 || status=1; fi; \
	wait $$lite || status=1; cat $$logs/sqlite $$logs/postgres 2>/dev/null; rm -rf $$logs; exit $$status

# kill -9 under load, then a restart: every acknowledged save is there (SQLite, then PostgreSQL).
test-crash: build
	python3 scripts/kill9-test.py
	@if scripts/ensure-postgres.sh >/dev/null; then python3 scripts/kill9-test.py postgres; \
	elif [ "$${CI:-}" = "true" ]; then echo "PostgreSQL is not available and CI=true: failing" >&2; exit 1; \
	else echo "SKIPPED: kill -9 on PostgreSQL (PostgreSQL not available on this machine)"; fi

# aiosmtpd is the SMTP server the api's e-mail test talks to on loopback.
smtp-server:
	@python3 -c "import aiosmtpd" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check aiosmtpd

# The two outside validators every 834 file the tests make is held to: pyx12's x12valid, and LinuxForHealth x12 (which
# needs pydantic 1: a virtual environment of its own, .x12-venv).
x12-validator:
	@python3 -c "import pyx12" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check pyx12==4.0.0
	@if [ ! -x .x12-venv/bin/lfhx12 ]; then python3 -m venv .x12-venv && .x12-venv/bin/pip install --quiet \
		--disable-pip-version-check "linuxforhealth-x12==0.57.0" "pydantic<2"; fi

# OpenSSH's server: the carriers' SFTP test starts one on loopback (and the delivery uses OpenSSH's sftp client).
# GnuPG: the carriers' encryption test makes a carrier's key with it and decrypts what the store encrypted.
sshd:
	@if [ ! -x /usr/sbin/sshd ] || ! command -v gpg >/dev/null; then \
		echo "installing Debian's openssh-server and gnupg"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssh-server gnupg >/dev/null; fi

# ClamAV's daemon: every document a member uploads is scanned by it before it is kept. The suites, the fuzzing and the
# journeys share one on a free port (scripts/ensure-clamd.sh: installed from Debian where missing; its signatures are
# the machine's, or the EICAR test signature alone where the machine has none, as here).
clamd:
	@scripts/ensure-clamd.sh >/dev/null

test-rust: smtp-server x12-validator sshd clamd
	cargo test --workspace
	./target/debug/enroll check-workflows

# The same api tests against PostgreSQL. Outside CI a machine without PostgreSQL skips them, saying so; under
# CI=true that is a failure.
test-postgres: smtp-server x12-validator sshd clamd
	@if url=$$(scripts/ensure-postgres.sh); then \
		echo "api tests on PostgreSQL (a fresh database per test)"; \
		ENROLL_TEST_DATABASE_URL=$$url cargo test --workspace --test suite; \
	elif [ "$${CI:-}" = "true" ]; then \
		echo "PostgreSQL is not available and CI=true: failing" >&2; exit 1; \
	else \
		echo "SKIPPED: PostgreSQL suite (PostgreSQL not available on this machine)"; fi

# Faults answer fast and clearly and traffic recovers by itself: a full disk under SQLite (a small tmpfs, which takes
# root to mount), and a stopped PostgreSQL (a cluster of the test's own, made and dropped by it).
test-faults: build
	@if [ "$$(id -u)" = 0 ]; then python3 scripts/faults-test.py disk; \
	elif [ "$${CI:-}" = "true" ]; then echo "the full-disk test needs root (to mount a tmpfs) and CI=true: failing" >&2; exit 1; \
	else echo "SKIPPED: the full-disk test (it needs root to mount a tmpfs)"; fi
	@if scripts/ensure-postgres.sh >/dev/null; then python3 scripts/faults-test.py postgres; \
	elif [ "$${CI:-}" = "true" ]; then echo "PostgreSQL is not available and CI=true: failing" >&2; exit 1; \
	else echo "SKIPPED: the stopped-database test (PostgreSQL not available on this machine)"; fi

# typecheck regenerates src/lib/contract.d.ts from api/openapi.json first; the committed copy must be that one, so a
# contract change shows in review together with the renderer's answer to it. check-messages fails on a message missing
# from a language, or English left in one (renderer/src/lib/i18n.tsx).
test-renderer: renderer-deps
	cd $(RENDERER) && npm run typecheck && npm run lint && npm run check-messages && npm test
	git diff --exit-code -- $(RENDERER)/src/lib/contract.d.ts $(RENDERER)/src/lib/benefit-contract.d.ts

chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "installing Debian's chromium"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; fi

test-e2e: chromium smtp-server x12-validator clamd build renderer-build
	cd $(RENDERER) && npm run e2e

clean:
	cargo clean
	rm -rf $(RENDERER)/node_modules $(RENDERER)/dist
