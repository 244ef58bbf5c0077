"""The compiled build (`make compiled`: the modules pyproject.toml names, compiled by mypyc) writes the bytes the
source does.

mypyc keeps Python's meaning but checks the annotations as the code runs and
compiles classes as fixed layouts, so a module that runs as Python may fail, or
differ, compiled. Both builds make each family's template of its own name (the
compiled build is a whole install, and its core modules serve every run) and
every bundled template, at more samples, of each family whose package holds or
imports a compiled module, at two seeds; the folders are compared file by file.
The template of its own name of each family whose package holds a compiled module
is also made with ``--check`` (the independent replay) and two workers in the
compiled build.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from scenegen.plugin.discovery import bundled_template, family_packages, installed_families
from tests.benchmarks.pipeline import COMPILED_CLI
from tests.test_factory import snapshot

ROOT = Path(__file__).resolve().parent.parent
SEEDS = (0, 7)
#: Samples a run of a family that holds or imports a compiled module (enough for every kind of part, turn and
#: command of the record families), and of any other.
N_COMPILED, N_OTHER = 300, 20

pytestmark = pytest.mark.service


def compiled_modules() -> list[str]:
    """The modules the compiled build compiles, as pyproject.toml's mypyc hook includes them."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        hook = tomllib.load(file)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    return [path.removesuffix(".py").replace("/", ".") for path in hook["include"]]


def runs() -> list[tuple[Path, int]]:
    """(template, samples) of each run that both builds make (see the module docstring)."""
    modules = compiled_modules()
    chosen: dict[Path, int] = {}
    for name, folder in family_packages().items():
        sources = [path for path in folder.rglob("*.py") if "tests" not in path.relative_to(folder).parts]
        if any(module.startswith(name + ".") for module in modules) or any(
                module in path.read_text(encoding="utf-8") for path in sources for module in modules):
            chosen |= dict.fromkeys(sorted((folder / "templates").glob("*.yaml")), N_COMPILED)
    for family in installed_families():
        own = bundled_template(f"{family}.yaml")
        if own is not None:
            chosen.setdefault(own, N_OTHER)
    return sorted(chosen.items())


@pytest.fixture(scope="module")
def compiled_cli() -> Path:
    if not COMPILED_CLI.exists():
        message = f"no compiled build at {COMPILED_CLI} (`make compiled` builds it; `make test-slow` does so first)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return COMPILED_CLI


def make(cli: tuple[str, ...], template: Path, n: int, seed: int, out: Path, *options: str) -> dict[str, bytes]:
    # run from the output's parent: never from this checkout, whose sources would come first on the path
    done = subprocess.run([*cli, "make", "--config", str(template), "-n", str(n), "--seed", str(seed), "--out",
                           out.name, "--quiet", *options], cwd=out.parent, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return snapshot(out)


def test_the_compiled_build_runs_the_compiled_modules(compiled_cli):
    modules = compiled_modules()
    script = "import importlib, sys; print('\\n'.join(importlib.import_module(m).__file__ for m in sys.argv[1:]))"
    done = subprocess.run([str(compiled_cli.parent / "python"), "-c", script, *modules], cwd=compiled_cli.parent,
                          check=True, capture_output=True, text=True)
    files = done.stdout.split()
    assert len(files) == len(modules) and all(file.endswith(".so") for file in files), files


def owners() -> list[str]:
    """The families whose package holds a compiled module."""
    return sorted({module.split(".")[2] for module in compiled_modules() if module.startswith("scenegen.families.")})


def test_every_family_with_a_compiled_module_runs_all_its_templates():
    heavy = {template.parent.parent.name for template, n in runs() if n == N_COMPILED}
    assert owners() and set(owners()) <= heavy


@pytest.mark.parametrize(("template", "n"), runs(), ids=lambda value: value.stem if isinstance(value, Path) else "")
def test_the_compiled_build_writes_the_bytes_the_source_does(compiled_cli, tmp_path, template, n):
    for seed in SEEDS:
        source = make((sys.executable, "-m", "scenegen"), template, n, seed, tmp_path / f"source{seed}")
        assert make((str(compiled_cli),), template, n, seed, tmp_path / f"compiled{seed}") == source, seed


@pytest.mark.parametrize("family", owners())
def test_a_compiled_family_passes_its_replay_with_two_workers(compiled_cli, tmp_path, family):
    template = bundled_template(f"{family}.yaml")
    assert template is not None
    source = make((sys.executable, "-m", "scenegen"), template, N_COMPILED, 0, tmp_path / "source")
    assert make((str(compiled_cli),), template, N_COMPILED, 0, tmp_path / "compiled", "--check", "--workers",
                "2") == source
