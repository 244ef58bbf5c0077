# Everything runs from a local virtual environment that `make` builds on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CONFIG ?= tool_choice.yaml
N ?= 1000

.PHONY: setup run test test-long lint schemas bench pictures clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

## Generate $(N) scenes of the bundled default config into output/.
run: $(STAMP)
	$(BIN)/scenegen make --config $(CONFIG) -n $(N) --overwrite

## Run the test suite, spread over every core (pytest-xdist).
test: $(STAMP)
	$(BIN)/python -m pytest -n auto

## Run the test suite with ten times the hypothesis examples and no deadline (slow; the profile is in tests/conftest.py),
## and the shortcut probe over every training template at 10,000 samples, not 300 (SCENEGEN_PROBE_SAMPLES).
test-long: $(STAMP)
	SCENEGEN_PROBE_SAMPLES=10000 $(BIN)/python -m pytest -n auto --hypothesis-profile=long

## Lint: ruff over the package and the tests, mypy over both, then the layering contracts (all in pyproject.toml).
lint: $(STAMP)
	$(BIN)/ruff check scenegen tests conftest.py
	$(BIN)/mypy
	$(BIN)/lint-imports

## Rewrite the files derived from the families' declarations: schema/*.config.schema.json and docs/config/*.md.
schemas: $(STAMP)
	$(BIN)/python -m scenegen.plugin.reference

## Print the speed figures each issue sets targets for.
bench: $(STAMP)
	$(BIN)/python -m tests.benchmarks

## Draw the README's pictures again into docs/pictures/ (tests/test_pictures.py fails when one is stale).
pictures: $(STAMP)
	$(BIN)/python -m tests.pictures

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
