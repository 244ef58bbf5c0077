"""Random mutations of every bundled template: each is used (exit 0) or refused by the contract (exit 2).

A mutation is a wrong type, a non-finite number, swapped range bounds or an
unknown key, anywhere in the config. A refusal names the key it is about, prints
no traceback and writes nothing.
"""

from __future__ import annotations

import contextlib
import copy
import io
import math
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen import cli
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.resources import load_yaml
from tests.examples import examples

TEMPLATES = {path.stem: load_yaml(path.read_text(encoding="utf-8"))
             for name, path in sorted(bundled_templates().items()) if not name.startswith("eval7_")}

UNKNOWN_KEY = "zz_not_a_key"
WRONG_TYPES = ["text", True, None, {"x": 1}, [[1]], -7]  # and a number where it may not belong

Path_ = tuple[str | int, ...]


def nodes(value: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    """Every node of a parsed config with its path (the root's path is empty)."""
    yield path, value
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in children:
        yield from nodes(child, (*path, key))


def replaced(config: dict[str, Any], path: Path_, value: Any) -> dict[str, Any]:
    mutated = copy.deepcopy(config)
    holder: Any = mutated  # a dict or a list, down the path
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return mutated


@st.composite
def mutations(draw: st.DrawFn) -> tuple[str, dict[str, Any], Path_]:
    """(kind, mutated config, the path the mutation is about)."""
    config = TEMPLATES[draw(st.sampled_from(sorted(TEMPLATES)))]
    every = [(path, value) for path, value in nodes(config) if path]
    numbers = [path for path, value in every if isinstance(value, (int, float)) and not isinstance(value, bool)]
    ranges = [path for path, value in every
              if isinstance(value, dict) and {"min", "max"} <= set(value) and value["min"] != value["max"]]
    mappings = [path for path, value in nodes(config) if isinstance(value, dict)]
    kinds = ["wrong type", "unknown key"] + ["non-finite"] * bool(numbers) + ["swapped bounds"] * bool(ranges)
    kind = draw(st.sampled_from(kinds))
    if kind == "wrong type":
        path = draw(st.sampled_from([path for path, _ in every]))
        return kind, replaced(config, path, draw(st.sampled_from(WRONG_TYPES))), path
    if kind == "non-finite":
        path = draw(st.sampled_from(numbers))
        return kind, replaced(config, path, draw(st.sampled_from([math.nan, math.inf, -math.inf]))), path
    if kind == "swapped bounds":
        path = draw(st.sampled_from(ranges))
        bounds = _at(config, path)
        return kind, replaced(config, path, {**bounds, "min": bounds["max"], "max": bounds["min"]}), path
    path = draw(st.sampled_from(mappings))
    mutated = copy.deepcopy(config)
    _at(mutated, path)[UNKNOWN_KEY] = 1
    return kind, mutated, path


def _at(config: Any, path: Path_) -> Any:
    for key in path:
        config = config[key]
    return config


def run_in(folder: Path, *args: str) -> tuple[int, str]:
    """``scenegen ARGS...`` in-process from ``folder``; the exit code and stderr."""
    stderr = io.StringIO()
    previous, argv = os.getcwd(), sys.argv
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(stderr):
            sys.argv = ["scenegen", *args]
            cli.main()
        code = 0
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    finally:
        os.chdir(previous)
        sys.argv = argv
    return code, stderr.getvalue()


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_every_template_is_used_as_it_is(name, tmp_path):
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(TEMPLATES[name]), encoding="utf-8")
    assert run_in(tmp_path, "make", "--config", "c.yaml", "-n", "2", "--out", "out", "--quiet") == (0, "")


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutation=mutations())
def test_a_mutated_template_is_used_or_refused_by_the_contract(mutation):
    kind, config, path = mutation
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        (work / "c.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
        code, err = run_in(work, "make", "--config", "c.yaml", "-n", "2", "--out", "out", "--quiet")
        assert "Traceback" not in err and not err.startswith("bug")
        if kind == "wrong type" and code == 0:
            return  # still a valid config (e.g. a material name replaced by another string)
        assert code == 2, (kind, path, err)
        assert sorted(p.name for p in work.iterdir()) == ["c.yaml"], err
        named = [str(key) for key in path if isinstance(key, str)]
        assert any(key in err for key in [*named, UNKNOWN_KEY, "(top level)"]), (kind, path, err)

