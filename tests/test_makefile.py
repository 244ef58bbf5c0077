"""The Makefile: `make help` lists every target with what it does, and its targets work from another folder."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAKEFILE = ROOT / "Makefile"

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")


def _make(*arguments: str, cwd: Path) -> str:
    return subprocess.run(["make", "--no-print-directory", "-f", str(MAKEFILE), *arguments], cwd=cwd,
                          capture_output=True, text=True, check=True).stdout


def test_make_help_lists_every_target_with_its_purpose(tmp_path):
    listed = dict(re.findall(r"^  (\S+) +(.+)$", _make("help", cwd=tmp_path), re.M))
    targets = set(re.findall(r"^([a-z-]+):", MAKEFILE.read_text(encoding="utf-8"), re.M))
    assert set(listed) == targets and all(listed.values())


@pytest.mark.parametrize("target", ["test", "lint", "schemas", "bench", "pictures"])
def test_a_target_called_from_another_folder_runs_in_the_repository(tmp_path, target):
    commands = _make("-n", "-W", str(ROOT / "pyproject.toml"), target, cwd=tmp_path)
    assert f"cd {ROOT} && " in commands.splitlines()[-1]
