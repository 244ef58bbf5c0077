"""Fixtures and hypothesis profiles for every test: the core's (``tests/``) and each family's own
(``scenegen/families/<name>/tests/``): run the CLI in-process, the way the installed console script does."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from scenegen import cli
from tests.kit import Result

# Three depths of the property tests (a test's own count is scaled by tests/examples.py):
# - dev, a developer's `make test`: a quarter of hypothesis's usual examples, new ones every run (failures kept
#   in .hypothesis/ and replayed first), so the whole suite stays a short loop;
# - ci, where CI is set (.ci/run sets it): the usual count, the same examples every time (a red build means a
#   change broke something);
# - long, `make test-long` (pytest --hypothesis-profile=long): ten times the usual, no deadline.
settings.register_profile("dev", max_examples=25)
settings.register_profile("ci", derandomize=True, database=None)
settings.register_profile("long", max_examples=1000, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


#: Test modules that measure a distribution over hundreds to thousands of samples: a family's fidelity to the real
#: scenes and its shortcut rules. With the other tests of that kind (marked where they are defined), they are the
#: ``statistical`` tests, which `make test` leaves out to stay a short loop, as it does those that start a
#: ``service``; `make test-slow` runs both kinds, and CI runs the two targets (the markers: pyproject.toml).
STATISTICAL_MODULES = frozenset({"test_fidelity.py", "test_shortcuts.py"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in STATISTICAL_MODULES:
            item.add_marker(pytest.mark.statistical)


@pytest.fixture
def run_cli(capsys, monkeypatch):
    """Call ``scenegen ARGS...`` through its entry point; return exit code and output."""

    def invoke(*args: str) -> Result:
        monkeypatch.setattr(sys, "argv", ["scenegen", *args])
        try:
            cli.main()
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return invoke


@pytest.fixture
def write_config(tmp_path):
    """Write a config (a dict dumped as YAML-compatible JSON, or raw text) and return its path."""

    def write(content: dict | str, name: str = "config.yaml") -> Path:
        path = tmp_path / name
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
        return path

    return write
