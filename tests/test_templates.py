"""The bundled templates: each says whether it trains (breaking the evaluation's regularities: tests/test_probe.py
looks for shortcuts in them) or reproduces the evaluation (``eval7_*``), and every evaluation template is found by
name and makes valid scenes."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenegen.factory.config_file import resolve_config_path
from scenegen.mcs.output import MCS_SCENES
from scenegen.plugin.discovery import bundled_templates, family_named
from scenegen.plugin.resources import load_yaml

TRAINING = sorted(path for name, path in bundled_templates().items()
                  if not name.startswith(("eval7_", "caip")))
EVALUATION = sorted(path for name, path in bundled_templates().items() if name.startswith("eval7_"))


def _writes_scenes(path: Path) -> bool:
    """Whether the template's family writes MCS scenes (record families reproduce no MCS evaluation)."""
    return family_named(load_yaml(path.read_text(encoding="utf-8"))["family"]).output is MCS_SCENES


def test_there_is_an_evaluation_template_beside_every_training_template_of_scenes():
    assert {path.name for path in EVALUATION} == {f"eval7_{path.name}" for path in TRAINING if _writes_scenes(path)}


@pytest.mark.parametrize("path", TRAINING + EVALUATION, ids=lambda path: path.name)
def test_a_template_says_what_it_is_for(path):
    header = path.read_text(encoding="utf-8").split("\nfamily:")[0]
    assert ("a TRAINING template" in header) != ("an EVALUATION template" in header), path.name
    assert ("an EVALUATION template" in header) == path.name.startswith("eval7_"), path.name


@pytest.mark.parametrize("path", EVALUATION, ids=lambda path: path.name)
def test_an_evaluation_template_is_found_by_name_and_makes_valid_scenes(path, tmp_path, run_cli):
    assert resolve_config_path(path.stem) == path
    assert run_cli("make", "--config", path.stem, "-n", "6", "--check", "--quiet", "--out", str(tmp_path)).code == 0
    assert run_cli("validate", str(tmp_path)).code == 0


