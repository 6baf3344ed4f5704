# The README's two commands are `make run` and `make test`; the rest are helpers.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test lint pytest bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

.PHONY: run
run: $(STAMP)
	$(BIN)/dipgm run

test: lint pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python tools/check_layers.py

# A throwaway PostgreSQL (installed from Debian's packages if missing) serves the storage tests.
pytest: $(STAMP)
	tools/pg.sh run -- $(BIN)/python tools/run_pytest.py

bench: $(STAMP)
	$(BIN)/python -m tools.bench
	$(BIN)/python -m tools.bench_render

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
