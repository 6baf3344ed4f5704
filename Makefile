# The README's two commands are `make run` and `make test`; the rest are helpers.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test lint pytest sweep bench bench-bots bench-compare clean

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

# A throwaway PostgreSQL (installed from Debian's packages if missing) serves the storage tests,
# each in a database of its own, so the tests run side by side, a process per core.
pytest: $(STAMP)
	tools/pg.sh run -- $(BIN)/python tools/run_pytest.py -n auto

# The order reader's property sweep whole: every slice of every position (`make test` checks
# one slice of fewer positions; see tests/engine/test_parse_canonical.py).
sweep: $(STAMP)
	DIPGM_SWEEP=full $(BIN)/python tools/run_pytest.py tests/engine/test_parse_canonical.py -q

# Each benchmark prints its details and records its targeted figures; the table ends the run.
# The deadline, the orders and the orders amid a deadline storm are measured on PostgreSQL
# too, on a throwaway server; the command line as a user starts it.
bench: $(STAMP) compare-venv
	rm -f .bench-table.jsonl
	uptime
	$(BIN)/python -m tools.bench
	$(BIN)/python -m tools.bench_render
	$(BIN)/python -m tools.bench_cli
	tools/pg.sh run -- $(BIN)/python -m tools.bench_service
	tools/pg.sh run -- $(BIN)/python -m tools.bench_storm
	$(COMPARE)/bin/python -m tools.bench_compare
	$(BIN)/python -m tools.bench_table

# The computer players' tournament: 105 games of seven computers to a win or 1920, then one
# computer against six hold-only and against six random players (its power rotating);
# win rates, centres by 1910, time per phase, and its figures in the table.
bench-bots: $(STAMP)
	rm -f .bench-table.jsonl
	$(BIN)/python -m tools.bench_bots
	$(BIN)/python -m tools.bench_table

# `dipgm adjudicate` end to end against the `diplomacy` package, on the same phases (the
# package in a venv of its own); ends with the table of its figures.
COMPARE := .venv-compare
.PHONY: compare-venv
compare-venv:
	test -x $(COMPARE)/bin/python || $(PYTHON) -m venv $(COMPARE)
	$(COMPARE)/bin/pip install --quiet diplomacy

bench-compare: compare-venv
	rm -f .bench-table.jsonl
	$(COMPARE)/bin/python -m tools.bench_compare
	$(COMPARE)/bin/python -m tools.bench_table

clean:
	rm -rf $(VENV) $(COMPARE) .mypy_cache .ruff_cache .pytest_cache
