# Everything runs from a local virtual environment that `make` builds on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CONFIG ?= tool_choice.yaml
N ?= 1000

.PHONY: setup run test bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

## Generate $(N) scenes of the bundled default config into output/.
run: $(STAMP)
	$(BIN)/scenegen make --config $(CONFIG) -n $(N) --overwrite

## Run the test suite.
test: $(STAMP)
	$(BIN)/python -m pytest

## Print the speed figures each issue sets targets for.
bench: $(STAMP)
	$(BIN)/python -m tests.benchmarks

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
