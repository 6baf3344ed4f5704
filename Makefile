# The README's two commands are `make run` and `make test`; the rest are helpers.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck layers pytest bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/dipgm run

test: lint pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python tools/check_layers.py

pytest: $(STAMP)
	$(BIN)/python tools/run_pytest.py

bench: $(STAMP)
	$(BIN)/python -m tools.bench

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
