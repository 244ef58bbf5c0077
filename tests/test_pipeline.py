"""The run loop end to end: files, manifest, determinism, atomicity, resume and overwrite."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from scenegen.factory.pipeline import CHUNK_SIZE, Pipeline
from scenegen.factory.request import RunRequest
from scenegen.factory.run import make
from scenegen.folder.manifest import read_manifest
from scenegen.folder.output_folder import dump_json
from tests.kit.support import load_family


def generate(out: Path, n: int = 6, seed: int = 0, **options) -> None:
    make(RunRequest("tool_choice.yaml", n, seed=seed, out=out, progress=False, **options))


def test_writes_one_scene_per_index_and_a_manifest(tmp_path):
    generate(tmp_path, n=5)
    entries = list(read_manifest(tmp_path / "manifest.jsonl"))
    assert [entry["index"] for entry in entries] == list(range(5))
    for entry in entries:
        data = (tmp_path / entry["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        scene = json.loads(data)
        assert scene["name"] == entry["file"].removesuffix(".json")
        assert entry["family"] == "tool_choice" and entry["id"] == scene["name"]
        assert entry["label"]["target_id"] == scene["goal"]["metadata"]["target"]["id"]
        assert entry["params"]["correct_side"] == entry["label"]["correct_side"]
    assert not list(tmp_path.glob(".*.scenegen-tmp"))
    assert json.loads((tmp_path / "run.json").read_text())["family"] == "tool_choice"


def test_same_seed_gives_identical_bytes_and_other_seeds_differ(tmp_path):
    generate(tmp_path / "a", seed=3)
    generate(tmp_path / "b", seed=3)
    generate(tmp_path / "c", seed=4)
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    first = "tool_choice_000000.json"
    assert (tmp_path / "a" / first).read_bytes() != (tmp_path / "c" / first).read_bytes()


def test_scene_depends_on_index_not_on_run_length(tmp_path):
    generate(tmp_path / "short", n=2)
    generate(tmp_path / "long", n=6)
    assert (tmp_path / "short" / "tool_choice_000001.json").read_bytes() == (
        tmp_path / "long" / "tool_choice_000001.json").read_bytes()


def test_chunks_give_the_scenes_made_one_at_a_time(tmp_path):
    n = 2 * CHUNK_SIZE + 3
    generate(tmp_path, n=n, seed=2)
    _, family = load_family("tool_choice.yaml")
    pipeline = Pipeline(family, 2, "tool_choice_")
    for index in range(n):
        _, documents = pipeline.produce(index)
        assert (tmp_path / f"tool_choice_{index:06d}.json").read_bytes() == dump_json(documents[""]), index
    assert [entry["index"] for entry in read_manifest(tmp_path / "manifest.jsonl")] == list(range(n))


def test_refuses_to_mix_runs_without_resume_or_overwrite(run_cli, tmp_path):
    generate(tmp_path, n=2)
    result = run_cli("make", "--config", "tool_choice", "-n", "2", "--out", str(tmp_path))
    assert result.code == 2 and "--resume" in result.err and "--overwrite" in result.err


def test_resume_makes_only_what_is_missing_and_matches_a_fresh_run(tmp_path):
    generate(tmp_path / "fresh", n=6)
    generate(tmp_path / "resumed", n=3)
    # A crash mid-line leaves a torn manifest line; resume must drop it and redo that index.
    manifest = tmp_path / "resumed" / "manifest.jsonl"
    manifest.write_bytes(manifest.read_bytes() + b'{"file": "tool_choice_0000')
    summary = make(RunRequest("tool_choice.yaml", 6, out=tmp_path / "resumed", resume=True, progress=False))
    assert (summary.written, summary.skipped) == (3, 3)
    for name in sorted(p.name for p in (tmp_path / "fresh").iterdir()):
        assert (tmp_path / "fresh" / name).read_bytes() == (tmp_path / "resumed" / name).read_bytes(), name


def test_resume_refuses_a_different_run(run_cli, tmp_path):
    generate(tmp_path, n=2, seed=1)
    result = run_cli("make", "--config", "tool_choice", "-n", "4", "--seed", "2", "--out", str(tmp_path), "--resume")
    assert result.code == 2 and "different run" in result.err


def test_overwrite_replaces_the_previous_run(tmp_path):
    generate(tmp_path, n=4, seed=1)
    generate(tmp_path, n=2, seed=2, overwrite=True)
    names = sorted(p.name for p in tmp_path.glob("tool_choice_*.json"))
    assert names == ["tool_choice_000000.json", "tool_choice_000001.json"]
    assert json.loads((tmp_path / "run.json").read_text())["seed"] == 2
    assert [e["index"] for e in read_manifest(tmp_path / "manifest.jsonl")] == [0, 1]


def test_prefix_names_files_and_scenes(tmp_path):
    generate(tmp_path, n=1, prefix="tc-")
    scene = json.loads((tmp_path / "tc-000000.json").read_text())
    assert scene["name"] == "tc-000000"


def test_summary_line_and_quiet(run_cli, tmp_path):
    loud = run_cli("make", "--config", "tool_choice", "-n", "2", "--out", str(tmp_path / "a"))
    assert loud.code == 0 and "wrote 2 scenes" in loud.out and "scenes/s" in loud.out
    quiet = run_cli("make", "--config", "tool_choice", "-n", "2", "--out", str(tmp_path / "b"), "--quiet")
    assert quiet.code == 0 and quiet.out == "" and quiet.err == ""


def test_installed_console_script_runs_from_another_directory(tmp_path):
    script = Path(sys.executable).with_name("scenegen")
    done = subprocess.run([str(script), "make", "--config", "tool_choice.yaml", "-n", "2", "--out", "here"],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "here" / "tool_choice_000001.json").is_file()


@pytest.mark.parametrize("command", ["make", "validate", "list", "schema"])
def test_every_command_has_help_with_an_example(run_cli, command):
    result = run_cli(command, "--help")
    assert result.code == 0 and "Example" in result.out



def test_semantic_checks_run_with_check_only(monkeypatch, tmp_path):
    from scenegen.families.tool_choice import ToolChoice

    calls = []

    def check(self, document, truth):
        calls.append(1)
        return []

    monkeypatch.setattr(ToolChoice, "check", check)
    generate(tmp_path / "full", n=2, check=True)
    assert len(calls) == 2
    generate(tmp_path / "fast", n=2)
    assert len(calls) == 2
    assert (tmp_path / "full" / "tool_choice_000001.json").read_bytes() == (
        tmp_path / "fast" / "tool_choice_000001.json").read_bytes()
