"""The README's Python recipes run as written, against real runs and the real libraries they use."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from scenegen.factory.request import RunRequest
from scenegen.factory.run import make

README = Path(__file__).resolve().parent.parent / "README.md"
RECIPES = [block for block in re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
           if "scenegen." in block]
#: The runs the recipes read, made small under output/ as `make` names them.
RUNS = {"tool_choice": 3, "shell_game": 3, "helper_hinderer": 2}


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("readme")
    for config, n in RUNS.items():
        make(RunRequest(config, n, out=root / "output" / config, progress=False, workers=1))
    return root


def test_the_readme_has_recipes():
    assert any("ScenegenIterableDataset" in block for block in RECIPES)


@pytest.mark.service
@pytest.mark.parametrize("recipe", RECIPES, ids=lambda block: block.splitlines()[0][:40])
def test_a_readme_recipe_runs_as_written(folder, recipe):
    if "torch" in recipe:
        pytest.importorskip("torch")
    done = subprocess.run([sys.executable, "-c", recipe], cwd=folder, capture_output=True, text=True, check=False,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
