"""`scenegen make` writes caip shards; `scenegen validate` checks them; a seed gives the same bytes."""

from __future__ import annotations

import yaml

from scenegen.reading.dataset import read

from .support import template_config

SHARDS = ["caip-00000.jsonl.zst", "caip-00001.jsonl.zst", "caip-00002.jsonl.zst"]


def make(run_cli, write_config, tmp_path, seed, folder, **overrides):
    config = {**template_config("caip_negatives.yaml"), **overrides}
    path = write_config(yaml.safe_dump(config), name="caip.yaml")
    out = tmp_path / folder
    result = run_cli("make", "--config", str(path), "-n", "25", "--seed", str(seed), "--out", str(out),
                     "--shard-size", "10", "--quiet")
    assert result.code == 0, result.err
    return out


def test_make_writes_shards_that_validate(run_cli, write_config, tmp_path):
    out = make(run_cli, write_config, tmp_path, 3, "a")
    assert sorted(p.name for p in out.glob("caip-*")) == SHARDS
    records = [document for document, _ in read(out)]
    assert len(records) == 25
    assert records[0]["id"] == "caip_000000" and list(records[0])[:5] == ["id", "text", "tokens", "logical_form",
                                                                           "linearized"]
    assert sum("negative" in record for record in records) > 15
    result = run_cli("validate", "--check", str(out))
    assert result.code == 0, result.out + result.err


def test_the_same_seed_gives_the_same_shards(run_cli, write_config, tmp_path):
    first = make(run_cli, write_config, tmp_path, 5, "first")
    again = make(run_cli, write_config, tmp_path, 5, "again")
    other = make(run_cli, write_config, tmp_path, 6, "other")
    for shard in SHARDS:
        assert (first / shard).read_bytes() == (again / shard).read_bytes()
        assert (first / shard).read_bytes() != (other / shard).read_bytes()
