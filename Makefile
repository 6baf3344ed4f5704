# The README's two commands are `make run` and `make test`; the rest are helpers.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test lint pytest bench bench-compare clean

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

# Each benchmark prints its details and records its targeted figures; the table ends the run.
# The deadline is measured on PostgreSQL too, on a throwaway server.
bench: $(STAMP)
	rm -f .bench-table.jsonl
	$(BIN)/python -m tools.bench
	$(BIN)/python -m tools.bench_render
	tools/pg.sh run -- $(BIN)/python -m tools.bench_service
	$(BIN)/python -m tools.bench_table

# The engine against the `diplomacy` package, on the same phases (in a venv of its own).
COMPARE := .venv-compare
bench-compare:
	test -x $(COMPARE)/bin/python || $(PYTHON) -m venv $(COMPARE)
	$(COMPARE)/bin/pip install --quiet diplomacy
	$(COMPARE)/bin/python -m tools.bench_compare

clean:
	rm -rf $(VENV) $(COMPARE) .mypy_cache .ruff_cache .pytest_cache
