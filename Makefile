# Two commands matter: `make run` and `make test`. Everything else is a step of those.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The packages come from the lock files (exact versions with their hashes), never straight from
# pyproject.toml's ranges, so every machine gets the same ones: requirements/run.lock for
# `make run` (the server alone), requirements/test.lock for `make test` (the server, every
# optional extra and the test tools).
STAMP := $(VENV)/.installed
RUN_STAMP := $(VENV)/.installed-run
RUN_LOCK := requirements/run.lock
TEST_LOCK := requirements/test.lock
UV_VERSION := 0.13.9
.PHONY: run test lint typecheck unit unit-postgresql bench system-packages lock catalogs messages clean

include Makefile.browser

run: $(RUN_STAMP) catalogs
	$(BIN)/classroom serve

test: $(STAMP) vendor catalogs system-packages lint jslint jstest typecheck unit

$(BIN)/python:
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUN_STAMP): $(RUN_LOCK) pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --require-hashes -r $(RUN_LOCK)
	$(BIN)/pip install --quiet --no-deps -e .
	touch $@

$(STAMP): $(TEST_LOCK) pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --require-hashes -r $(TEST_LOCK)
	$(BIN)/pip install --quiet --no-deps -e .
	touch $@ $(RUN_STAMP)

# After a change to the dependencies in pyproject.toml (needs the network; commit requirements/).
# Versions already locked are kept where they still fit: `make lock LOCK_FLAGS=--upgrade` takes
# the newest. The locks hold every platform's packages (Windows, macOS, Linux) and the run lock
# is held to the test lock's versions.
LOCK := $(BIN)/uv pip compile pyproject.toml --quiet --universal --python-version 3.11 \
	--generate-hashes --custom-compile-command 'make lock' $(LOCK_FLAGS)
lock: | $(BIN)/python
	$(BIN)/pip install --quiet uv==$(UV_VERSION)
	$(LOCK) --all-extras -o $(TEST_LOCK)
	$(LOCK) --constraint $(TEST_LOCK) -o $(RUN_LOCK)

# The translations: the catalogs (.po, English is the source) are kept in git; their compiled
# form (.mo) is built here for every run and test. `make messages` takes the texts from the code
# and templates and brings every catalog up to date (then translate what it added).
TRANSLATIONS := classroom/translations
CATALOGS := $(wildcard $(TRANSLATIONS)/*/LC_MESSAGES/messages.po)
catalogs: $(CATALOGS:.po=.mo)
%.mo: %.po | $(RUN_STAMP)
	$(BIN)/pybabel compile --statistics -i $< -o $@

messages: $(RUN_STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k _l -k lazy_gettext -k N_ --sort-by-file \
		--project eleusis-classroom -o $(TRANSLATIONS)/messages.pot .
	$(BIN)/pybabel update -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS) \
		--no-fuzzy-matching --ignore-obsolete
	@$(MAKE) --no-print-directory catalogs

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
# left out, and so are the pure tests that never open a database (tests/conftest.py says which);
# where PostgreSQL is missing it is skipped, except under CI=true where that fails.
unit-postgresql: $(STAMP)
	@if $(HAVE_POSTGRES); then \
		CLASSROOM_TEST_DATABASE=postgresql $(BIN)/pytest -q -p no:cacheprovider \
			tests/unit tests/usecases tests/integration tests/web tests/realtime; \
	elif [ "$$CI" = true ]; then \
		echo "PostgreSQL is missing (make system-packages)"; exit 1; \
	else \
		echo "PostgreSQL is missing: the PostgreSQL pass is skipped (make system-packages)"; \
	fi

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache node_modules
