"""The contract every hostile input is held to, as a fixture.

A bad config or command line exits 2 with one message naming what is wrong and
writes nothing; a failing environment exits 1 with one message naming the path;
neither prints a traceback. ``attempt`` runs the CLI from an empty working folder
and reports every file that appeared, so "nothing written" covers the default
``output/`` folder and any path a hostile argument might reach.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from scenegen.factory.request import RunRequest
from scenegen.factory.run import make
from tests.kit import Result


@dataclass
class Attempt:
    code: int
    err: str
    out: str
    created: set[str]  # paths (relative to the sandbox) that did not exist before


def files_under(root: Path) -> set[str]:
    return {str(path.relative_to(root)) for path in root.rglob("*")}


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    """An empty working folder inside a parent folder, both watched for new files."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return tmp_path


@pytest.fixture
def attempt(run_cli, sandbox):
    """Run ``scenegen ARGS...`` in the sandbox; return the result and what it created."""

    def run(*args: str) -> Attempt:
        before = files_under(sandbox)
        result: Result = run_cli(*args)
        return Attempt(result.code, result.err, result.out, files_under(sandbox) - before)

    return run


def assert_refused(attempt: Attempt, *fragments: str, code: int = 2) -> None:
    """Exit ``code``, each fragment in the message, no traceback, nothing written."""
    assert attempt.code == code, attempt
    for fragment in fragments:
        assert fragment in attempt.err, (fragment, attempt.err)
    assert "Traceback" not in attempt.err + attempt.out
    assert not attempt.created, attempt.created


def write(path: Path, content: str | bytes) -> Path:
    """Write a file (text as UTF-8) and return its path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


def can_mount() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


@pytest.fixture(scope="session")
def made(tmp_path_factory):
    """Finished runs to copy: 4 Tool Choice scenes, 5 CAIP records in zstd shards of 2, 3 Shell Game pairs."""
    root = tmp_path_factory.mktemp("made")
    make(RunRequest("tool_choice", 4, out=root / "scenes", progress=False, workers=1))
    make(RunRequest("caip", 5, out=root / "records", progress=False, workers=1, shard_size=2))
    make(RunRequest("shell_game", 3, out=root / "pairs", progress=False, workers=1, pairs=True))
    return root


@pytest.fixture
def scenes(made, sandbox):
    return Path(shutil.copytree(made / "scenes", sandbox / "scenes"))


@pytest.fixture
def records(made, sandbox):
    return Path(shutil.copytree(made / "records", sandbox / "records"))


@pytest.fixture
def pairs(made, sandbox):
    return Path(shutil.copytree(made / "pairs", sandbox / "pairs"))


