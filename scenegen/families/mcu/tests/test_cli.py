"""`scenegen make` writes mcu shards that `validate --check` passes and `datasets.load_dataset` reads; a seed gives
the same bytes; the templates make what they say."""

from __future__ import annotations

import statistics

import datasets  # type: ignore[import-untyped]  # no stubs; in the test extra
import pytest

from scenegen.reading.dataset import read

from .support import TEMPLATES, build, records, template


def _make(run_cli, out, config="mcu.yaml", n=60, seed=1):
    result = run_cli("make", "--config", str(TEMPLATES / config), "-n", str(n), "--seed", str(seed), "--out",
                     str(out), "--shard-size", "25", "--quiet", "--workers", "1")
    assert result.code == 0, result.err
    return out


def test_make_writes_shards_that_validate_and_load(run_cli, tmp_path):
    out = _make(run_cli, tmp_path / "a")
    assert sorted(p.name for p in out.glob("mcu-*")) == [f"mcu-0000{k}.jsonl.zst" for k in range(3)]
    documents = [document for document, _ in read(out)]
    assert len(documents) == 60 and documents[0]["id"] == "mcu_000000"
    result = run_cli("validate", "--check", str(out))
    assert result.code == 0, result.out + result.err
    loaded = datasets.load_dataset(str(out), cache_dir=str(tmp_path / "cache"))["train"]
    assert loaded.num_rows == 60 and isinstance(loaded.features["label"], dict)
    assert loaded[0]["text"] == documents[0]["text"]


def test_the_template_is_found_by_name(run_cli, tmp_path):
    out = tmp_path / "named"
    result = run_cli("make", "--config", "mcu", "-n", "20", "--out", str(out), "--quiet", "--workers", "1")
    assert result.code == 0, result.err
    assert run_cli("validate", "--check", str(out)).code == 0


def test_the_same_seed_gives_the_same_bytes(run_cli, tmp_path):
    first, again = _make(run_cli, tmp_path / "first"), _make(run_cli, tmp_path / "again")
    other = _make(run_cli, tmp_path / "other", seed=2)
    shard = "mcu-00000.jsonl.zst"
    assert (first / shard).read_bytes() == (again / shard).read_bytes() != (other / shard).read_bytes()


def test_files_format_writes_one_record_a_file(run_cli, tmp_path):
    out = tmp_path / "files"
    result = run_cli("make", "--config", str(TEMPLATES / "mcu_composed.yaml"), "-n", "5", "--out", str(out),
                     "--format", "files", "--quiet", "--workers", "1")
    assert result.code == 0, result.err
    assert run_cli("validate", "--check", str(out)).code == 0


@pytest.mark.parametrize(("name", "commands", "most_distractors"), [
    ("mcu_simple.yaml", (1, 4), 1), ("mcu_medium.yaml", (3, 12), 5), ("mcu_hard.yaml", (18, 32), 22),
])
def test_the_level_templates_carry_the_seeds_sizes(name, commands, most_distractors):
    made = records(build(template(name)), 300)
    median = statistics.median(len(record["custom_init_commands"]) for record in made)
    assert commands[0] <= median <= commands[1]
    assert max(len(record["distractors"]) for record in made) <= most_distractors
    if name == "mcu_hard.yaml":
        assert all(len(record["distractors"]) >= 12 and record["conditions"] and record["made_first"]
                   for record in made)


def test_composed_tasks_join_their_texts_and_merge_their_commands():
    made = records(build(template("mcu_composed.yaml")), 100)
    for record in made:
        parts, composition = record["goal"]["parts"], record["goal"]["composition"]
        assert len(parts) in (2, 3) and f" {composition} " in record["text"]


def test_lists_a_config_leaves_empty_load_as_lists_of_strings(run_cli, write_config, tmp_path):
    config = write_config({"family": "mcu", "kind": "craft", "level": "simple", "simple": {"distractors": 0}})
    out = tmp_path / "empty"
    result = run_cli("make", "--config", str(config), "-n", "10", "--out", str(out), "--quiet", "--workers", "1")
    assert result.code == 0, result.err
    label = datasets.load_dataset(str(out), cache_dir=str(tmp_path / "cache"))["train"].features["label"]
    for name in ("needed_mobs", "distractors", "made_first"):
        assert label[name].feature.dtype == "string", (name, label[name])
