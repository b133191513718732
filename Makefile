# Two commands matter: `make run` and `make test`. Everything else is a step of those.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
.PHONY: run test lint typecheck unit unit-postgresql bench system-packages clean

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

# Chromium, poppler, PostgreSQL, Redis and nginx for the tests: see the script.
system-packages:
	@sh scripts/system-packages.sh

# PostgreSQL for the second pass of the tests; Debian's package keeps pg_ctl off the PATH.
HAVE_POSTGRES := command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1

lint: $(STAMP)
	$(BIN)/ruff check classroom printables tests bench
	$(BIN)/ruff format --check classroom printables tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -q
	@$(MAKE) --no-print-directory unit-postgresql

# The suite again on a throwaway PostgreSQL server (tests/conftest.py starts it), browser tests
# left out; where PostgreSQL is missing it is skipped, except under CI=true where that fails.
unit-postgresql: $(STAMP)
	@if $(HAVE_POSTGRES); then \
		CLASSROOM_TEST_DATABASE=postgresql $(BIN)/pytest -q -p no:cacheprovider \
			tests/unit tests/web tests/realtime; \
	elif [ "$$CI" = true ]; then \
		echo "PostgreSQL is missing (make system-packages)"; exit 1; \
	else \
		echo "PostgreSQL is missing: the PostgreSQL pass is skipped (make system-packages)"; \
	fi

bench: $(STAMP) vendor
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache node_modules
