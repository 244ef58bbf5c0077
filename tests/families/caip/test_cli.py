"""`scenegen make` writes caip shards; `scenegen validate` checks them; a seed gives the same bytes."""

from __future__ import annotations

import json

import yaml

from .support import template_config


def make(run_cli, write_config, tmp_path, seed, folder, **overrides):
    config = {**template_config("caip_negatives.yaml"), "shard_size": 10, **overrides}
    path = write_config(yaml.safe_dump(config), name="caip.yaml")
    out = tmp_path / folder
    result = run_cli("make", "--config", str(path), "-n", "25", "--seed", str(seed), "--out", str(out), "--quiet")
    assert result.code == 0, result.err
    return out


def test_make_writes_shards_that_validate(run_cli, write_config, tmp_path):
    out = make(run_cli, write_config, tmp_path, 3, "a")
    shards = sorted(p.name for p in out.glob("*.jsonl") if p.name != "manifest.jsonl")
    assert shards == ["caip-00000.jsonl", "caip-00001.jsonl", "caip-00002.jsonl"]
    lines = [json.loads(line) for shard in shards for line in (out / shard).read_text().splitlines()]
    assert len(lines) == 25
    assert lines[0]["id"] == "caip_000000" and list(lines[0])[:5] == ["id", "text", "tokens", "logical_form",
                                                                       "linearized"]
    assert sum("negative" in line for line in lines) > 15
    result = run_cli("validate", str(out))
    assert result.code == 0, result.out + result.err


def test_the_same_seed_gives_the_same_shards(run_cli, write_config, tmp_path):
    first = make(run_cli, write_config, tmp_path, 5, "first")
    again = make(run_cli, write_config, tmp_path, 5, "again")
    other = make(run_cli, write_config, tmp_path, 6, "other")
    for shard in ("caip-00000.jsonl", "caip-00001.jsonl", "caip-00002.jsonl"):
        assert (first / shard).read_bytes() == (again / shard).read_bytes()
        assert (first / shard).read_bytes() != (other / shard).read_bytes()


def test_validate_reports_a_broken_record(run_cli, write_config, tmp_path):
    out = make(run_cli, write_config, tmp_path, 8, "broken", negatives=0.0)
    shard = out / "caip-00001.jsonl"
    lines = shard.read_text().splitlines()
    record = json.loads(lines[3])
    record["tokens"] = record["tokens"][:-1]
    lines[3] = json.dumps(record)
    shard.write_text("\n".join(lines) + "\n")
    result = run_cli("validate", str(out))
    assert result.code == 1
    assert "caip-00001.jsonl" in result.out + result.err and "line 4" in result.out + result.err
