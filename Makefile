# Two commands do all the set-up on a fresh machine (README.md):
#   make serve   the site on http://127.0.0.1:$(PORT)
#   make test    every test (unit, property, nbval, browser)
#   make bench   the figures docs/performance.md quotes
#
# The locked dependency set: every install below takes the versions pinned in constraints.txt
# (pip install -c constraints.txt -e '.[EXTRA]'), one file for every extra, pinned for CPython 3.11 on
# x86-64 Linux, so a fresh clone installs the set CI passed with; a changed lock re-installs.
#   make lock            re-resolve constraints.txt after pyproject.toml changed, keeping every pin
#                        that still fits (uv pip compile; uv is installed into the venv on demand)
#   make lock UPGRADE=1  move every pin to the newest release pyproject.toml allows
#   make test-latest     the tests on the newest releases pyproject.toml allows, in a venv of their own
#                        (.venv-latest): prints the packages not at their locked version, then pytest's
#                        summary; fails when a test fails. Part of it: TESTS=... PYTEST_ARGS=..., e.g.
#                        make test-latest TESTS=tests/rulebook/site PYTEST_ARGS='-m "not browser"'

PYTHON ?= python3
VENV   ?= .venv
PORT   ?= 8866
BIN    := $(VENV)/bin
LOCK   := constraints.txt
# uv writes the lock (pyproject.toml says why); pinned so `make lock` means the same resolver everywhere.
UV_VERSION ?= 0.13.9
# The lock's target: 3.11.5 is the oldest 3.11 the locked set installs on (soupsieve 4.1, through
# nbconvert's beautifulsoup4, needs it); the project's machines run 3.11.7. manylinux_2_28: wheels for
# glibc 2.28 and newer (Debian 12 has 2.36), so no pin falls back to an older release for want of a wheel.
LOCK_PYTHON   := 3.11.5
LOCK_PLATFORM := x86_64-manylinux_2_28
LATEST ?= .venv-latest
TESTS  ?= tests
PYTEST_ARGS ?=
CHROMIUM ?= /usr/bin/chromium
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: serve test test-game test-latest lock bench install install-test chromium postgresql nginx unit notebooks browser clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The stamp files make re-runs cheap; a change to pyproject.toml or to the lock re-installs.
$(VENV)/.installed: pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c $(LOCK) -e '.[lab]'
	touch $@

$(VENV)/.installed-test: pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c $(LOCK) -e '.[test]'
	touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

# Chromium for the browser tests; pdftoppm to look at the printed rules; the CJK fonts so Japanese renders in the
# screenshots kept as test artefacts (not needed for the assertions).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  echo "Installing Debian's Chromium for the browser tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium >/dev/null; \
	fi
	@if ! command -v pdftoppm >/dev/null 2>&1; then \
	  echo "Installing Debian's poppler-utils (pdftoppm) for the printed-rules test"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq poppler-utils >/dev/null; \
	fi
	@if ! fc-list 2>/dev/null | grep -qi "noto sans cjk"; then \
	  ($(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq fonts-noto-cjk) >/dev/null 2>&1 || echo "(no CJK fonts: screenshots may show boxes for Japanese)"; \
	fi

# PostgreSQL for the store tests (tests/support/pg_server.py starts a private
# server in a temporary folder; nothing is configured system-wide).
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then \
	  echo "Installing Debian's PostgreSQL for the store tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq postgresql >/dev/null; \
	fi

# nginx for the scale-out tests (tests/support/nginx_proxy.py runs the configuration of docs/deploy.md with a
# private prefix on 127.0.0.1; the package's own service is not used by the tests).
nginx:
	@if [ ! -x /usr/sbin/nginx ]; then \
	  echo "Installing Debian's nginx for the scale-out tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq nginx >/dev/null; \
	fi

serve: install
	$(BIN)/rulebook serve --port $(PORT) --data data

# Every test: unit + property + widgets, nbval on every notebook, browser.
# --maxfail: a machine that stops serving pages fails every browser test after
# it, 90 s each; ten failures say enough (with the machine's state, printed
# by tests/browser/conftest.py), and CI ends in time to show them.
# --durations=25: the run ends with its 25 slowest tests, so a slow one is seen before it is a problem.
test: install-test chromium postgresql nginx
	$(BIN)/python -m pytest -q -p no:cacheprovider --maxfail=10 --durations=25 tests
	$(BIN)/python -m pytest -q -p no:cacheprovider --nbval-lax notebooks

# One game's tests: its unit, property and view tests, the cross-game tests run on it (the engine
# contract, the widget contract, ...), its browser tests and its notebook. Selected by name
# (`--game`, tests/conftest.py); docs/testing.md.
test-game: install-test chromium postgresql nginx
	@if [ -z "$(GAME)" ] || [ ! -d rulebook/games/$(GAME) ]; then \
	  echo "usage: make test-game GAME=<name>, a folder of rulebook/games/ (e.g. GAME=puniu)"; exit 2; fi
	$(BIN)/python -m pytest -q -p no:cacheprovider --durations=10 --game "$(GAME)" tests
	@if [ -f notebooks/$(GAME).ipynb ]; then $(BIN)/python -m pytest -q -p no:cacheprovider --nbval-lax notebooks/$(GAME).ipynb; fi

unit: install-test postgresql nginx
	$(BIN)/python -m pytest -q -m "not browser" tests

browser: install-test chromium postgresql nginx
	$(BIN)/python -m pytest -q -m browser tests

notebooks: install-test
	$(BIN)/python -m pytest -q --nbval-lax notebooks

bench: install-test chromium
	$(BIN)/python -m pip install --quiet -c $(LOCK) -e '.[test,bench]'
	$(BIN)/python -m benchmarks

# Re-resolve the lock from pyproject.toml (every extra), keeping the pins that still fit; UPGRADE=1
# ignores them and takes the newest releases allowed. Needs the package index, not the venv's packages.
lock: | $(BIN)/python
	$(BIN)/python -m pip install --quiet 'uv==$(UV_VERSION)'
	$(BIN)/python -m uv pip compile pyproject.toml --all-extras --quiet \
	  --python-version $(LOCK_PYTHON) --python-platform $(LOCK_PLATFORM) \
	  --custom-compile-command 'make lock' $(if $(UPGRADE),--upgrade) --output-file $(LOCK)

# The tests on the newest releases pyproject.toml allows (not the lock), in $(LATEST), upgraded eagerly
# on each run so it is never a stale "latest". What differs from the lock is printed before the tests
# and again after them, beside pytest's summary; the exit status is the tests'. With the default
# TESTS the notebooks run too, as in `make test`.
test-latest: chromium postgresql nginx
	@[ -x $(LATEST)/bin/python ] || $(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install --quiet --upgrade pip
	$(LATEST)/bin/python -m pip install --quiet --upgrade --upgrade-strategy eager -e '.[test]'
	$(LATEST)/bin/python tools/lockfile.py $(LOCK) > $(LATEST)/differences.txt
	@cat $(LATEST)/differences.txt
	@rm -f $(LATEST)/pytest.log $(LATEST)/status-*; \
	{ $(LATEST)/bin/python -m pytest -q -p no:cacheprovider --maxfail=10 --durations=25 $(PYTEST_ARGS) $(TESTS); \
	  echo $$? > $(LATEST)/status-tests; } 2>&1 | tee $(LATEST)/pytest.log; \
	if [ "$(TESTS)" = tests ]; then \
	  { $(LATEST)/bin/python -m pytest -q -p no:cacheprovider --nbval-lax notebooks; \
	    echo $$? > $(LATEST)/status-notebooks; } 2>&1 | tee -a $(LATEST)/pytest.log; \
	fi; \
	echo; echo "make test-latest: the newest releases pyproject.toml allows, against $(LOCK)"; \
	cat $(LATEST)/differences.txt; \
	echo "pytest on $(TESTS):"; \
	grep -E '^(FAILED|ERROR) | in [0-9.]+s( \([0-9:]+\))?( =+)?$$' $(LATEST)/pytest.log; \
	! grep -qv '^0$$' $(LATEST)/status-*

clean:
	rm -rf $(VENV) $(LATEST) test-artifacts .pytest_cache .hypothesis
