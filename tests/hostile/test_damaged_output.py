"""Damaged output folders: `validate` reports each damage with its file and line; `make` refuses or repairs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scenegen.folder.manifest import MANIFEST

from .conftest import assert_refused


@pytest.fixture
def run_folder(attempt, sandbox):
    """A finished Tool Choice run of 4 scenes at seed 3, in ``sandbox/run``."""
    out = sandbox / "run"
    assert attempt("make", "--config", "tool_choice", "-n", "4", "--seed", "3", "--out", str(out), "--quiet").code == 0
    return out


@pytest.fixture
def shard_folder(attempt, sandbox):
    """A finished CAIP run of 5 records in shards of 2, in ``sandbox/records``."""
    out = sandbox / "records"
    assert attempt("make", "--config", "caip", "-n", "5", "--shard-size", "2", "--out", str(out), "--quiet").code == 0
    return out


def lines(folder: Path) -> list[bytes]:
    return (folder / MANIFEST).read_bytes().splitlines(keepends=True)


def set_lines(folder: Path, content: list[bytes]) -> None:
    (folder / MANIFEST).write_bytes(b"".join(content))


def assert_invalid(attempt, folder: Path, *fragments: str) -> None:
    result = attempt("validate", str(folder))
    assert result.code == 1, result
    assert "Traceback" not in result.err + result.out
    for fragment in fragments:
        assert fragment in result.out, (fragment, result.out)


def test_an_intact_run_validates(attempt, run_folder):
    result = attempt("validate", str(run_folder))
    assert result.code == 0 and "4 of 4 files valid" in result.out


def test_a_listed_file_that_was_deleted(attempt, run_folder):
    (run_folder / "tool_choice_000002.json").unlink()
    assert_invalid(attempt, run_folder, "tool_choice_000002.json: manifest.jsonl line 3: listed but missing")


def test_a_stray_file_the_manifest_does_not_list(attempt, run_folder):
    (run_folder / "tool_choice_000009.json").write_bytes((run_folder / "tool_choice_000001.json").read_bytes())
    assert_invalid(attempt, run_folder, "tool_choice_000009.json: $: not listed in manifest.jsonl")


def test_a_duplicated_manifest_line(attempt, run_folder):
    content = lines(run_folder)
    set_lines(run_folder, [*content, content[1]])
    assert_invalid(attempt, run_folder, "manifest.jsonl: line 5: lists tool_choice_000001.json again")


def test_a_file_listed_by_two_different_lines(attempt, run_folder):
    content = lines(run_folder)
    entry = json.loads(content[1])
    entry["index"] = 7
    set_lines(run_folder, [*content, json.dumps(entry).encode() + b"\n"])
    assert_invalid(attempt, run_folder, "manifest.jsonl: line 5: lists tool_choice_000001.json again")


def test_a_torn_last_manifest_line(attempt, run_folder):
    content = lines(run_folder)
    set_lines(run_folder, [*content[:-1], content[-1][:40]])
    assert_invalid(attempt, run_folder, "manifest.jsonl: line 4: torn line", "tool_choice_000003.json: $: not listed")


def test_a_manifest_line_that_is_not_json(attempt, run_folder):
    content = lines(run_folder)
    set_lines(run_folder, [content[0], b"{oops\n", *content[2:]])
    assert_invalid(attempt, run_folder, "manifest.jsonl: line 2: not JSON")


@pytest.mark.parametrize("entry, expected", [
    ({"index": 0, "file": "../outside.json"}, '$.file: "../outside.json" does not match'),
    ({"index": 0, "file": "/etc/passwd"}, '$.file: "/etc/passwd" does not match'),
    ({"index": -1, "file": "x.json"}, "$.index: -1 is less than the minimum of 0"),
    ({"first_index": 0, "count": 0, "file": "x.jsonl"}, "lacks family, split, documents, sha256"),
    ({"index": 0}, "lacks file, sha256"),
    ([1, 2], '$: [1,2] is not of type "object"'),
    ({"index": 0, "file": "x.json", "label": "yes"}, '$.label: "yes" is not of type "object"'),
    ({"index": 0, "file": "x.json", "sha256": 5}, '$.sha256: 5 is not of type "string"'),
], ids=["parent path", "absolute path", "negative index", "empty shard", "no file", "not an object",
        "label not an object", "bad hash"])
def test_a_hand_edited_manifest_line(attempt, run_folder, entry, expected):
    set_lines(run_folder, [*lines(run_folder), json.dumps(entry).encode() + b"\n"])
    assert_invalid(attempt, run_folder, "manifest.jsonl: line 5: breaks the schema of a manifest line: ", expected)


def test_overwrite_never_removes_a_file_outside_the_run_folder(attempt, sandbox, run_folder):
    victim = sandbox / "precious.json"
    victim.write_text("{}")
    set_lines(run_folder, [*lines(run_folder), b'{"index": 9, "file": "../precious.json"}\n'])
    result = attempt("make", "--config", "tool_choice", "-n", "2", "--seed", "3", "--out", str(run_folder),
                     "--overwrite", "--quiet")
    assert result.code == 0, result
    assert victim.read_text() == "{}"


def test_a_run_record_that_is_not_json(attempt, run_folder):
    (run_folder / "run.json").write_text("{half")
    assert_invalid(attempt, run_folder, "run.json: $: not a scenegen run record")
    result = attempt("make", "--config", "tool_choice", "-n", "4", "--seed", "3", "--out", str(run_folder), "--resume")
    assert_refused(result, "--out", "run.json: not a scenegen run record (not JSON", "--overwrite")


def test_a_run_record_of_an_unknown_family(attempt, run_folder):
    record = json.loads((run_folder / "run.json").read_text())
    (run_folder / "run.json").write_text(json.dumps({**record, "family": "juggling"}))
    assert_invalid(attempt, run_folder, "run.json: $: family: unknown family 'juggling'")


def test_a_leftover_temporary_file_is_reported_and_resume_removes_it(attempt, run_folder):
    leftover = run_folder / ".tool_choice_000004.json.scenegen-tmp"
    leftover.write_bytes(b'{"half": ')
    assert_invalid(attempt, run_folder,
                   ".tool_choice_000004.json.scenegen-tmp: $: temporary file of an interrupted run")
    resumed = attempt("make", "--config", "tool_choice", "-n", "6", "--seed", "3", "--out", str(run_folder),
                      "--resume", "--quiet")
    assert resumed.code == 0 and not leftover.exists()
    assert "6 of 6 files valid" in attempt("validate", str(run_folder)).out


def test_a_duplicated_shard_line(attempt, shard_folder):
    content = lines(shard_folder)
    set_lines(shard_folder, [*content, content[0]])
    assert_invalid(attempt, shard_folder, "manifest.jsonl: line 4: lists caip-00000.jsonl.zst again")


def test_a_deleted_shard(attempt, shard_folder):
    (shard_folder / "caip-00001.jsonl.zst").unlink()
    assert_invalid(attempt, shard_folder, "caip-00001.jsonl.zst: manifest.jsonl line 2: listed but missing")


def test_a_shard_rewritten_by_a_longer_resumed_run_is_not_a_duplicate(attempt, sandbox, shard_folder):
    assert attempt("make", "--config", "caip", "-n", "6", "--shard-size", "2", "--out", str(shard_folder),
                   "--resume", "--quiet").code == 0
    result = attempt("validate", str(shard_folder))
    assert result.code == 0, result.out


RESUME_MISMATCHES = {
    "seed": (["--config", "tool_choice", "--seed", "4"], "its seed is 3, this command's is 4"),
    "prefix": (["--config", "tool_choice", "--seed", "3", "--prefix", "x_"],
               "its prefix is 'tool_choice_', this command's is 'x_'"),
    "family": (["--config", "shell_game", "--seed", "3", "--prefix", "tool_choice_"],
               "its family is 'tool_choice', this command's is 'shell_game'"),
    "config": (["--config", "tool_choice.yaml", "--seed", "3"], "its config.lava.near is [3, 4], this command's is 4"),
}


@pytest.mark.parametrize("args, expected", RESUME_MISMATCHES.values(), ids=RESUME_MISMATCHES.keys())
def test_resume_says_what_differs_and_the_gentle_fix_first(attempt, sandbox, run_folder, args, expected):
    (sandbox / "work" / "tool_choice.yaml").write_text("family: tool_choice\nlava: {near: 4}\n")
    before = {path.name: path.read_bytes() for path in run_folder.iterdir()}
    result = attempt("make", *args, "-n", "6", "--out", str(run_folder), "--resume")
    assert_refused(result, "--resume", expected)
    gentle, destructive = result.err.index("rerun with its values"), result.err.index("--overwrite")
    assert gentle < destructive
    assert {path.name: path.read_bytes() for path in run_folder.iterdir()} == before


def test_a_second_run_into_a_full_folder_suggests_resume_first(attempt, run_folder):
    result = attempt("make", "--config", "tool_choice", "-n", "4", "--seed", "3", "--out", str(run_folder))
    assert_refused(result, "--out", "already holds a run")
    assert result.err.index("--resume") < result.err.index("--overwrite")
