# Two commands do all the set-up on a fresh machine (README.md):
#   make serve   the site on http://127.0.0.1:$(PORT)
#   make test    every test (unit, property, nbval, browser)
# make bench prints the figures the README quotes.

PYTHON ?= python3
VENV   ?= .venv
PORT   ?= 8866
BIN    := $(VENV)/bin
CHROMIUM ?= /usr/bin/chromium
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: serve test test-game bench install install-test chromium postgresql nginx unit notebooks browser clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The stamp files make re-runs cheap; pyproject.toml changes re-install.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[lab]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
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
# (`--game`, tests/conftest.py); README "Testing one game".
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
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) test-artifacts .pytest_cache .hypothesis
