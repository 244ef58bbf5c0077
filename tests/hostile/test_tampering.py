"""Run folders edited by hand or by an attacker: `validate` fails every tampered folder, naming the file and the
line; `scenegen.read`, `stats` and `convert` refuse a folder without a valid run record in one line (exit 1)."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import zstandard

from scenegen import read
from scenegen.folder.manifest import MANIFEST, RUN_RECORD
from scenegen.reading.dataset import DamagedRunError


def entries(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (folder / MANIFEST).read_text().splitlines()]


def set_entries(folder: Path, lines: list[dict[str, Any]]) -> None:
    (folder / MANIFEST).write_text("".join(json.dumps(entry) + "\n" for entry in lines))


def edit_line(folder: Path, number: int, edit: Callable[[dict[str, Any]], object]) -> None:
    """Apply ``edit`` to the entry on manifest line ``number`` (from 1)."""
    lines = entries(folder)
    edit(lines[number - 1])
    set_entries(folder, lines)


def assert_invalid(attempt, folder: Path, *fragments: str) -> str:
    """`validate` fails the folder, saying each fragment, without a traceback; return what it said."""
    result = attempt("validate", str(folder))
    assert result.code == 1, result
    assert "Traceback" not in result.err + result.out
    for fragment in fragments:
        assert fragment in result.out, (fragment, result.out)
    return result.out


def test_the_untouched_runs_validate(attempt, scenes, records, pairs):
    for folder, files in ((scenes, 4), (records, 3), (pairs, 6)):
        result = attempt("validate", str(folder))
        assert result.code == 0 and f"{files} of {files} files valid" in result.out, result.out


# The run record


def test_a_run_whose_record_was_deleted_is_no_run(attempt, scenes, sandbox):
    (scenes / RUN_RECORD).unlink()
    assert_invalid(attempt, scenes, f"{scenes / RUN_RECORD}: $: missing, so the folder holds no scenegen run")
    for command in (("stats", str(scenes)), ("convert", str(scenes), "--format", "jsonl", "--out",
                                             str(sandbox / "out"))):
        refused = attempt(*command)
        assert refused.code == 1 and "no run.json; not a scenegen run folder" in refused.err, refused
        assert "Traceback" not in refused.err and "--resume" not in refused.err and not refused.created


def test_a_scene_named_alone_beside_a_manifest_without_its_run_record(attempt, scenes):
    (scenes / RUN_RECORD).unlink()
    result = attempt("validate", str(scenes / "tool_choice_000001.json"))
    assert result.code == 1 and f"{scenes / RUN_RECORD}: $: missing, so the folder holds no" in result.out, result


RECORD_EDITS = {
    "storage not an object": ({"storage": "x"}, '$.storage: "x" is not of type "object"'),
    "unknown format": ({"storage": {"format": "csv"}}, "$.storage.format"),
    "shards without their size": ({"storage": {"format": "jsonl", "compression": "zstd"}},
                                  '$.storage: "shard_size" is a required property'),
    "a shard size of 0": ({"storage": {"format": "jsonl", "compression": "zstd", "shard_size": 0}},
                          "$.storage.shard_size: 0 is less than the minimum of 1"),
    "a negative seed": ({"seed": -1}, "$.seed: -1 is less than the minimum of 0"),
    "a split that is a path": ({"split": "../x"}, "$.split"),
    "a family that is a number": ({"family": 5}, '$.family: 5 is not of type "string"'),
    "a key of its own": ({"owner": "me"}, "Additional properties are not allowed"),
}


@pytest.mark.parametrize("edit, said", RECORD_EDITS.values(), ids=RECORD_EDITS.keys())
def test_a_tampered_run_record_is_a_problem_never_a_bug(attempt, records, sandbox, edit, said):
    record = json.loads((records / RUN_RECORD).read_text())
    (records / RUN_RECORD).write_text(json.dumps({**record, **edit}))
    assert_invalid(attempt, records, f"{records / RUN_RECORD}: $: not a scenegen run record (", said)
    for command in (("stats", str(records)), ("convert", str(records), "--format", "parquet", "--out",
                                              str(sandbox / "out"))):
        refused = attempt(*command)
        assert refused.code == 1 and "not a scenegen run record" in refused.err and said in refused.err, refused
        assert "Traceback" not in refused.err and "bug" not in refused.err and not refused.created


@pytest.mark.parametrize("edit, said", [
    ({"family": "juggling"}, "family: unknown family 'juggling'"),
    ({"config": {"family": "caip", "depth": "deep"}}, "depth"),
], ids=["unknown family", "a config that is not the family's"])
def test_a_run_record_of_no_installed_family_is_invalid_input_never_a_bug(attempt, records, sandbox, edit, said):
    record = json.loads((records / RUN_RECORD).read_text())
    (records / RUN_RECORD).write_text(json.dumps({**record, **edit}))
    assert_invalid(attempt, records, f"{records / RUN_RECORD}: $: ", said)
    for command in (("stats", str(records)), ("convert", str(records), "--format", "parquet", "--out",
                                              str(sandbox / "out"))):
        refused = attempt(*command)
        assert refused.code == 1 and f"{records / RUN_RECORD}: " in refused.err and said in refused.err, refused
        assert "Traceback" not in refused.err and not refused.created


def test_a_run_record_lacking_a_key_is_no_run_record(attempt, records):
    record = json.loads((records / RUN_RECORD).read_text())
    del record["prefix"]
    (records / RUN_RECORD).write_text(json.dumps(record))
    assert_invalid(attempt, records, "run.json: $: not a scenegen run record (lacks prefix)")


# Manifest lines against their schema


def test_a_line_without_its_sha256_is_refused(attempt, scenes):
    edit_line(scenes, 2, lambda entry: entry.pop("sha256"))
    assert_invalid(attempt, scenes, "manifest.jsonl: line 2: breaks the schema of a manifest line: lacks sha256",
                   "tool_choice_000001.json: $: not listed in manifest.jsonl")


def test_a_shard_count_edited_to_a_trillion_is_refused(attempt, records):
    edit_line(records, 3, lambda entry: entry.update(count=10**12))
    assert_invalid(attempt, records, "line 3: breaks the schema of a manifest line: $.count: 1000000000000 is "
                                     "greater than the maximum of 1000000")


# Manifest lines against the run and the disk


def test_a_listed_scene_replaced_by_a_folder(attempt, scenes):
    (scenes / "tool_choice_000002.json").unlink()
    (scenes / "tool_choice_000002.json").mkdir()
    assert_invalid(attempt, scenes, "tool_choice_000002.json: $: not a regular file (a folder)")


def test_an_index_edited_to_another_samples(attempt, scenes):
    edit_line(scenes, 3, lambda entry: entry.update(index=1))
    assert_invalid(attempt, scenes, "line 3: id 'tool_choice_000002' is not the one of its index "
                                    "('tool_choice_000001')", "line 3: index 1 repeated",
                   "line 4: sample 2 missing: the run is unfinished")


def test_a_sample_listed_twice(attempt, scenes):
    lines = entries(scenes)
    duplicate = {**lines[1], "file": "tool_choice_000001_copy.json"}
    shutil.copy(scenes / "tool_choice_000001.json", scenes / duplicate["file"])
    set_entries(scenes, [*lines[:2], duplicate, *lines[2:]])
    assert_invalid(attempt, scenes, "line 3: file 'tool_choice_000001_copy.json' is not its id's",
                   "line 3: index 1 repeated")


def test_samples_out_of_order(attempt, scenes):
    lines = entries(scenes)
    set_entries(scenes, [lines[0], lines[2], lines[1], lines[3]])
    assert_invalid(attempt, scenes, "line 2: sample 1 missing: the run is unfinished",
                   "line 3: index 1 out of order (after 2): a finished run lists its samples in order")


def test_samples_missing_from_the_manifest(attempt, scenes):
    lines = entries(scenes)
    for entry in lines[1:3]:
        (scenes / entry["file"]).unlink()
    set_entries(scenes, [lines[0], lines[3]])
    out = assert_invalid(attempt, scenes, "line 2: samples 1-2 missing: the run is unfinished")
    assert "--resume" not in out


@pytest.mark.parametrize("key, value, said", [
    ("family", "lava", "line 2: family 'lava' is not the run's ('tool_choice')"),
    ("split", "test", "line 2: split 'test' is not the run's ('train')"),
    ("role", "a", "line 2: has role 'a', but the run makes no pairs"),
])
def test_a_line_that_is_not_the_runs(attempt, scenes, key, value, said):
    edit_line(scenes, 2, lambda entry: entry.update({key: value, "pair_id": "x", "pair": "{}"} if key == "role"
                                                    else {key: value}))
    assert_invalid(attempt, scenes, said)


def test_a_pair_missing_one_of_its_documents(attempt, pairs):
    lines = entries(pairs)
    (pairs / lines[3]["file"]).unlink()
    set_entries(pairs, [*lines[:3], *lines[4:]])
    assert_invalid(attempt, pairs, "manifest.jsonl: line 4: sample 1 has 1 of its 2 documents")


def test_a_pair_whose_roles_are_the_same(attempt, pairs):
    edit_line(pairs, 2, lambda entry: entry.update(role="a", id=entry["id"].replace("_b", "_a")))
    assert_invalid(attempt, pairs, "line 2: index 0: role a repeated")


def test_a_shards_line_in_a_run_of_scene_files(attempt, scenes, records, sandbox):
    set_entries(scenes, [*entries(scenes), entries(records)[0]])
    shutil.copy(records / "caip-00000.jsonl.zst", scenes)
    said = "line 5: a shard's line, in a run whose storage is {'format': 'files'}"
    assert_invalid(attempt, scenes, said)
    with pytest.raises(DamagedRunError, match=re.escape(said)):
        list(read(scenes))
    refused = attempt("convert", str(scenes), "--format", "jsonl", "--out", str(sandbox / "out"))
    assert refused.code == 1 and said in refused.err and "Traceback" not in refused.err, refused


def test_a_documents_line_in_a_run_of_shards(attempt, scenes, records):
    set_entries(records, [entries(scenes)[0], *entries(records)])
    said = "line 1: a document's line, in a run whose storage is {'format': 'jsonl'"
    assert_invalid(attempt, records, said)
    with pytest.raises(DamagedRunError, match=re.escape(said)):
        list(read(records))
    refused = attempt("stats", str(records))
    assert refused.code == 1 and said in refused.err and "Traceback" not in refused.err, refused


# Shards


def test_a_shard_whose_documents_were_edited(attempt, records):
    edit_line(records, 1, lambda entry: entry.update(documents=3))
    assert_invalid(attempt, records, "manifest.jsonl: line 1: documents 3 is not count x 1 (2)",
                   "caip-00000.jsonl.zst: $: holds 2 records, its manifest line says 3")


def test_a_shard_whose_count_was_edited(attempt, records):
    edit_line(records, 1, lambda entry: entry.update(count=1, documents=1))
    assert_invalid(attempt, records, "caip-00000.jsonl.zst: $: holds more records than the 1 its manifest line says",
                   "line 2: follows line 1, whose shard holds fewer samples than the run's shard_size (2)")


def test_shards_whose_ranges_overlap(attempt, records):
    edit_line(records, 2, lambda entry: entry.update(first_index=1))
    assert_invalid(attempt, records, "line 2: first_index 1 is not a multiple of the run's shard_size (2)",
                   "line 2: first_index 1 out of order or overlapping",
                   "caip-00001.jsonl.zst: record 1: sample 1 missing from the shard",
                   "caip-00001.jsonl.zst: $: its last sample is 3, its manifest line's is 2")


def test_a_shard_listed_under_another_name(attempt, records):
    (records / "caip-00001.jsonl.zst").rename(records / "caip-extra.jsonl.zst")
    edit_line(records, 2, lambda entry: entry.update(file="caip-extra.jsonl.zst"))
    assert_invalid(attempt, records, "line 2: file 'caip-extra.jsonl.zst' is not the run's name for its shard "
                                     "('caip-00001.jsonl.zst')")


def test_a_shard_whose_records_were_reordered_and_rehashed(attempt, records):
    shard = records / "caip-00001.jsonl.zst"
    rows = zstandard.ZstdDecompressor().stream_reader(shard.read_bytes()).read().splitlines(keepends=True)
    shard.write_bytes(zstandard.ZstdCompressor().compress(b"".join(reversed(rows))))
    edit_line(records, 2, lambda entry: entry.update(sha256=hashlib.sha256(shard.read_bytes()).hexdigest()))
    assert_invalid(attempt, records, "caip-00001.jsonl.zst: record 1: sample 2 missing from the shard",
                   "caip-00001.jsonl.zst: record 2: index 2 out of order (after 3)")


def test_a_shard_record_of_another_shape(attempt, records):
    shard = records / "caip-00000.jsonl.zst"
    rows = zstandard.ZstdDecompressor().stream_reader(shard.read_bytes()).read().splitlines(keepends=True)
    record = json.loads(rows[1])
    del record["label"], record["text"]
    rows[1] = json.dumps(record).encode() + b"\n"
    shard.write_bytes(zstandard.ZstdCompressor().compress(b"".join(rows)))
    edit_line(records, 1, lambda entry: entry.update(sha256=hashlib.sha256(shard.read_bytes()).hexdigest()))
    assert_invalid(attempt, records, "caip-00000.jsonl.zst: record 2: lacks label")
