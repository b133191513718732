# Two commands matter: `make run` and `make test`. Everything else is a step of those.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Chromium drives the browser tests; poppler's pdftoppm renders printables in the tests.
SYSTEM_TOOLS := chromium:chromium pdftoppm:poppler-utils

.PHONY: run test lint typecheck unit bench system-packages clean

include Makefile.browser

run: $(STAMP) vendor
	$(BIN)/classroom serve

test: $(STAMP) vendor system-packages lint typecheck unit

$(BIN)/python:
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

# Installs what is missing with apt-get when running as root on Debian; elsewhere it says what
# to install (and the tests that need it skip, except under CI=true where they fail).
system-packages:
	@missing=""; for pair in $(SYSTEM_TOOLS); do \
		command -v $${pair%%:*} >/dev/null 2>&1 || missing="$$missing $${pair##*:}"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && [ -f /etc/debian_version ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	else \
		echo "missing system packages:$$missing (install them for the browser and PDF tests)"; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check classroom printables tests bench
	$(BIN)/ruff format --check classroom printables tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -q

bench: $(STAMP) vendor
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache node_modules
