# Everything runs from a local virtual environment that `make` builds on first use. The repository's own targets
# run in its folder, wherever make is called from (make -f path/to/Makefile TARGET); `run` writes where you are.
ROOT := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
PYTHON ?= python3
VENV := $(ROOT)/.venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
COMPILED := $(ROOT)/.venv-compiled
# What the compiled install is built from (the package as its wheel holds it, without the families' tests): it is
# built again when any of it changes.
COMPILED_FROM := $(ROOT)/pyproject.toml \
  $(shell find $(ROOT)/scenegen $(ROOT)/schema -type f -not -path '*/__pycache__/*' -not -path '*/families/*/tests/*')
CONFIG ?= tool_choice.yaml
N ?= 1000

.PHONY: help setup compiled run test test-slow test-long lint schemas bench pictures clean

## List the targets and what each does.
help:
	@awk '/^## /{text = (text ? text " " : "") substr($$0, 4); next} \
	     /^[a-z-]+:/{if (text) printf "  %-10s %s\n", substr($$1, 1, length($$1) - 1), text; text = ""; next} \
	     {text = ""}' $(lastword $(MAKEFILE_LIST))

## Make the virtual environment (.venv) with scenegen and what its tests need.
setup: $(STAMP)

$(STAMP): $(ROOT)/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	cd $(ROOT) && $(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

## Build the compiled install (.venv-compiled): scenegen with the modules pyproject.toml names compiled to C by mypyc
## (the builder family's generation, 1.4x as fast; needs a C compiler and Python's headers), built from a copy of the
## tree, which keeps no compiled file. `make bench` measures it; `make test-slow` checks it writes what the source does.
compiled: $(COMPILED)/.installed

$(COMPILED)/.installed: $(STAMP) $(COMPILED_FROM)
	rm -rf $(COMPILED)
	wheels=$$(mktemp -d) && trap 'rm -rf "$$wheels"' EXIT \
	  && HATCH_BUILD_HOOK_ENABLE_MYPYC=1 $(BIN)/python -m build --outdir "$$wheels" $(ROOT) >"$$wheels/log" 2>&1 \
	     || { cat "$$wheels/log"; exit 1; } \
	  && $(PYTHON) -m venv $(COMPILED) \
	  && $(COMPILED)/bin/pip install --quiet --upgrade pip \
	  && $(COMPILED)/bin/pip install --quiet "$$wheels"/scenegen-*.whl
	touch $@

## Generate N (1000) samples of CONFIG (tool_choice.yaml) into output/ where you are: make run CONFIG=caip N=50.
run: $(STAMP)
	$(BIN)/scenegen make --config $(CONFIG) -n $(N) --overwrite

## Run the test suite but its slow tests, spread over every core (pytest-xdist); property tests at a quarter of
## their examples (the dev profile of conftest.py; with CI set, their usual count).
test: $(STAMP)
	cd $(ROOT) && $(BIN)/python -m pytest -n auto -m "not statistical and not service"

## Run the slow tests: the statistical ones (each family's fidelity and shortcut tests, the probe over every training
## template) and those that start a service (a Ray cluster, a torch process group, a browser, the compiled build, which it builds first). CI runs them too.
test-slow: $(STAMP) compiled
	cd $(ROOT) && $(BIN)/python -m pytest -n auto -m "statistical or service"

## Run the test suite with ten times the hypothesis examples and no deadline (slow; the profile is in conftest.py),
## and the shortcut probe over every training template at 10,000 samples, not 300 (SCENEGEN_PROBE_SAMPLES).
test-long: $(STAMP)
	cd $(ROOT) && SCENEGEN_PROBE_SAMPLES=10000 $(BIN)/python -m pytest -n auto --hypothesis-profile=long

## Lint: ruff over the package and the tests, mypy over both, then the layering contracts (all in pyproject.toml).
lint: $(STAMP)
	cd $(ROOT) && $(BIN)/ruff check scenegen tests conftest.py && $(BIN)/mypy && $(BIN)/lint-imports

## Rewrite the files derived from the families' declarations: schema/*.config.schema.json and docs/config/*.md.
schemas: $(STAMP)
	cd $(ROOT) && $(BIN)/python -m scenegen.plugin.reference

## Print the speed figures each issue sets targets for.
bench: $(STAMP) compiled
	cd $(ROOT) && $(BIN)/python -m tests.benchmarks

## Draw the README's pictures again into docs/pictures/ (tests/test_pictures.py fails when one is stale).
pictures: $(STAMP)
	cd $(ROOT) && $(BIN)/python -m tests.pictures

## Remove the virtual environments and the build and test caches.
clean:
	cd $(ROOT) && rm -rf .venv .venv-compiled build dist .pytest_cache .hypothesis
